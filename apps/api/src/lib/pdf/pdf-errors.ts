/*
 * What PDF work answers, apart from the library that does it: the server's side of the PDF
 * thread (`pdf-worker.ts`) needs these, and loading them must not load the PDF library, which
 * only the thread uses.
 */

/** The PDF needs a password to open (a user password): it cannot be read, sampled or stamped. */
export class PdfPasswordError extends Error {
  override name = 'PdfPasswordError';
}

/** The bytes are not a PDF this library can read. */
export class PdfUnreadableError extends Error {
  override name = 'PdfUnreadableError';
}

export type PdfInspection =
  | { kind: 'pdf'; pages: number }
  | { kind: 'password_protected' }
  | { kind: 'unreadable' };
