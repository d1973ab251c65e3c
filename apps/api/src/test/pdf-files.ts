import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/** A PDF of `pages` pages, each saying "<text> page N" in Helvetica. */
export async function testPdf(pages: number, text = 'Planner'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1) {
    const page = document.addPage([420, 595]);
    page.drawText(`${text} page ${index}`, { x: 40, y: 500, size: 18, font });
  }
  return Buffer.from(await document.save());
}

/** The committed encrypted fixtures (see pdf-fixtures/README.md): three pages each. */
export const lockedPdf = (which: 'owner-password' | 'user-password'): Buffer =>
  readFileSync(new URL(`./pdf-fixtures/${which}.pdf`, import.meta.url));

/** The text of each page, read back with pdf.js (one string per page). */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loaded = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= loaded.numPages; number += 1) {
    const page = await loaded.getPage(number);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await loaded.destroy();
  return texts;
}
