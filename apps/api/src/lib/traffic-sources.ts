/**
 * Where a visitor or a buyer came from, named alike for views and sales
 * (docs/product-rules.md, "Where sales come from"): the known sites by their name, whatever
 * host of theirs the member site saw (`m.search.naver.com` → Naver), any other host as it is.
 */

/** Each known source: its name, the domains it owns, and the bare names it is sent as. */
const knownSources: readonly {
  name: string;
  domains: readonly string[];
  names: readonly string[];
}[] = [
  { name: 'Naver', domains: ['naver.com', 'naver.me'], names: ['naver'] },
  { name: 'Daum', domains: ['daum.net'], names: ['daum'] },
  { name: 'Baidu', domains: ['baidu.com'], names: ['baidu'] },
  { name: 'Weibo', domains: ['weibo.com', 'weibo.cn'], names: ['weibo'] },
  {
    name: 'Xiaohongshu',
    domains: ['xiaohongshu.com', 'xhslink.com'],
    names: ['xiaohongshu', 'xhslink'],
  },
  { name: 'Bilibili', domains: ['bilibili.com', 'b23.tv'], names: ['bilibili', 'b23.tv'] },
  { name: 'X', domains: ['t.co', 'x.com', 'twitter.com'], names: ['x', 'twitter'] },
];

/** The host of a URL (`https://m.naver.com/…`), or the text itself when it is not one. */
function hostOf(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  try {
    return new URL(text).hostname || text;
  } catch {
    return text;
  }
}

/**
 * The source's name: Naver, Daum, Baidu, Weibo, Xiaohongshu, Bilibili or X for their hosts
 * and names (any case, any subdomain), otherwise the host or text as sent (trimmed); empty
 * when nothing was told.
 */
export function sourceName(source: string | null | undefined): string {
  const text = hostOf(source?.trim() ?? '');
  if (text === '') return '';
  const host = text.toLowerCase().replace(/\.$/, '');
  for (const known of knownSources) {
    if (known.names.includes(host)) return known.name;
    if (known.domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
      return known.name;
    }
    // A name a source is known by, written as a host of its own: `weibo.cn`, `m.weibo.cn`.
    if (host.split('.').some((label) => known.names.includes(label) && label.length > 2)) {
      return known.name;
    }
  }
  return text;
}

/** Where a view or a sale came from: its `source`, or its `utm_source` when it has none. */
export function trafficSource(source: string | null | undefined, utmSource?: string | null) {
  return sourceName(source) || sourceName(utmSource);
}
