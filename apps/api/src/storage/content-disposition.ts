import { create } from 'content-disposition';

/**
 * `Content-Disposition: attachment` naming the download `fileName`, written by the maintained
 * `content-disposition` package: a quoted ASCII `filename` (other characters as `?`) and, when
 * the name has any, the exact name in `filename*` (Korean and Chinese included). Line breaks
 * and other control characters of a stored name become spaces; an empty name is `download`.
 */
export function attachmentDisposition(fileName: string): string {
  return disposition('attachment', fileName);
}

/** The same, shown in the browser (`inline`) rather than saved: a sample read before buying. */
export function inlineDisposition(fileName: string): string {
  return disposition('inline', fileName);
}

function disposition(type: 'attachment' | 'inline', fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || 'download';
  return create(cleaned, { type });
}
