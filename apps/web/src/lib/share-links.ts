/** Twitter's share dialog for a link, with a text before it. */
export function twitterShareUrl(url: string, text: string): string {
  const query = new URLSearchParams({ url, text });
  return `https://twitter.com/intent/tweet?${query.toString()}`;
}
