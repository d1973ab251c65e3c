import { parse } from 'content-disposition';

/**
 * The file name of a `Content-Disposition` header, read by the maintained `content-disposition`
 * package: `filename*` (RFC 8187, Korean and Chinese names) first, then `filename`, quoted or
 * bare. Path parts are dropped; a header without a name, or not one at all, gives nothing.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  try {
    name = parse(header).parameters.filename;
  } catch {
    return undefined;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}
