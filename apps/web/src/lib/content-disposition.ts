/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first,
 * then `filename="…"` or a bare `filename=…`. Path parts are dropped.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
    const bare = /filename\s*=\s*([^;\s"]+)/.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1];
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}
