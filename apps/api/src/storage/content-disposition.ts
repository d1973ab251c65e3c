/**
 * `attachment; filename="…"; filename*=UTF-8''…`: browsers that read `filename*` get the
 * exact name (Korean and Chinese included), the others an ASCII stand-in.
 */
export function attachmentDisposition(fileName: string): string {
  return disposition('attachment', fileName);
}

/** The same, shown in the browser (`inline`) rather than saved: a sample read before buying. */
export function inlineDisposition(fileName: string): string {
  return disposition('inline', fileName);
}

function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const cleaned = fileName.replace(/[\r\n\t\0]/g, ' ').trim() || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
