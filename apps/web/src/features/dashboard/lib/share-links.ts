/** The creator page on the member site: `<member site>/<nickname>`. */
export function creatorPageUrl(memberSiteUrl: string, nickname: string): string {
  return `${memberSiteUrl.replace(/\/+$/, '')}/${encodeURIComponent(nickname)}`;
}
