/**
 * `attachment; filename="…"; filename*=UTF-8''…`: browsers that read `filename*` get the
 * exact name (Korean and Chinese included), the others an ASCII stand-in.
 */
export function attachmentDisposition(fileName: string): string {
  const cleaned = fileName.replace(/[\r\n\t\0]/g, ' ').trim() || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
