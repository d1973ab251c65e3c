/**
 * Has the browser download `href` under `fileName`, as a click on a download link would (a
 * storage URL, or an object URL of a file already fetched).
 */
export function downloadAs(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a file already in memory to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  downloadAs(href, fileName);
  // Revoked a little later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
