/** The seller's creator page on the member site: `<member site>/<nickname>`. */
export function creatorPageUrl(memberSiteUrl: string, nickname: string): string {
  return `${memberSiteUrl.replace(/\/+$/, '')}/${encodeURIComponent(nickname)}`;
}

/** A product's public page on the member site: `<creator page>/products/<id>`. */
export function productPageUrl(memberSiteUrl: string, nickname: string, productId: string): string {
  return `${creatorPageUrl(memberSiteUrl, nickname)}/products/${encodeURIComponent(productId)}`;
}

/** Twitter's share dialog for a link, with a text before it. */
export function twitterShareUrl(url: string, text: string): string {
  const query = new URLSearchParams({ url, text });
  return `https://twitter.com/intent/tweet?${query.toString()}`;
}
