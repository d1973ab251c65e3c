import fontkit from '@cantoo/fontkit';
import {
  degrees,
  drawText,
  ParseSpeeds,
  type PDFDict,
  PDFDocument,
  type PDFFont,
  type PDFHexString,
  PDFName,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  PDFStream,
  rgb,
} from '@cantoo/pdf-lib';
import { type PdfInspection, PdfPasswordError, PdfUnreadableError } from './pdf-errors.ts';

/**
 * The work done on sellers' PDFs, on bytes in memory: what a PDF is (pages, or locked), its
 * first pages as a PDF of their own (a sample), and a copy carrying a line of text on every
 * page (the buyer's stamp). Run in the PDF worker thread (`pdf-worker.ts`), never on the
 * server's event loop: a large PDF takes seconds.
 */

/** The two fonts a stamp is written in: Korean first, then Chinese, for each character. */
export interface StampFonts {
  korean: Uint8Array;
  chinese: Uint8Array;
}

/**
 * Opens a PDF. One with only an owner password (printing or copying restricted, no password to
 * open) is decrypted with the empty user password; one that needs a password throws
 * PdfPasswordError, anything else unreadable PdfUnreadableError.
 */
async function openPdf(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    // In the PDF thread nothing else waits: the whole file is parsed without yielding.
    const document = await PDFDocument.load(bytes, {
      password: '',
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    // A file that parses but has no page tree is no PDF either.
    document.getPageCount();
    return document;
  } catch (error) {
    if (error instanceof Error && /PASSWORD/i.test(error.message)) {
      throw new PdfPasswordError('The PDF needs a password to open');
    }
    throw new PdfUnreadableError(
      `The file is not a readable PDF: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  try {
    const document = await openPdf(bytes);
    return { kind: 'pdf', pages: document.getPageCount() };
  } catch (error) {
    if (error instanceof PdfPasswordError) return { kind: 'password_protected' };
    if (error instanceof PdfUnreadableError) return { kind: 'unreadable' };
    throw error;
  }
}

/** The first `pages` pages (fewer when the PDF has fewer) as a PDF of their own. */
export async function samplePdf(bytes: Uint8Array, pages: number): Promise<Uint8Array> {
  const source = await openPdf(bytes);
  const sample = await PDFDocument.create({ updateMetadata: false });
  const count = Math.min(pages, source.getPageCount());
  const copied = await sample.copyPages(
    source,
    Array.from({ length: count }, (_, index) => index),
  );
  for (const page of copied) sample.addPage(page);
  return sample.save();
}

/** A run of characters written in one font. */
interface Run {
  font: PDFFont;
  text: string;
}

/**
 * Splits the text into runs by font: each character in the first font that has it (Korean, then
 * Chinese); a character neither has becomes "?".
 */
function runsOf(text: string, fonts: readonly { font: PDFFont; has: Set<number> }[]): Run[] {
  const runs: Run[] = [];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const chosen = fonts.find((entry) => entry.has.has(code));
    const font = chosen?.font ?? (fonts[0] as { font: PDFFont }).font;
    const written = chosen ? character : '?';
    const last = runs.at(-1);
    if (last && last.font === font) last.text += written;
    else runs.push({ font, text: written });
  }
  return runs;
}

/** A run laid out once for every page: its glyphs as the font encodes them, and its width. */
interface LaidOutRun {
  font: PDFFont;
  glyphs: PDFHexString;
  width: number;
}

const stampSize = 8;
const stampMargin = 12;
const stampColor = rgb(0.35, 0.35, 0.35);
const stampOpacity = 0.8;

/**
 * Writes the runs along the page's visible bottom edge, whatever the page's rotation, inside
 * its crop box: the line reads left to right as the page is shown. The runs were laid out once
 * for the whole document (shaping the text is what costs), the transparency is one shared
 * graphics state.
 */
function stampPage(page: PDFPage, runs: readonly LaidOutRun[], transparency: PDFRef) {
  const box = page.getCropBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const x0 = box.x;
  const y0 = box.y;
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  // Where the line starts and which way it runs, in the page's own coordinates.
  const start =
    rotation === 90
      ? { x: x1 - stampMargin, y: y0 + stampMargin, dx: 0, dy: 1 }
      : rotation === 180
        ? { x: x1 - stampMargin, y: y1 - stampMargin, dx: -1, dy: 0 }
        : rotation === 270
          ? { x: x0 + stampMargin, y: y1 - stampMargin, dx: 0, dy: -1 }
          : { x: x0 + stampMargin, y: y0 + stampMargin, dx: 1, dy: 0 };
  const graphicsState = page.node.newExtGState('GS', transparency);
  const fontKeys = new Map<PDFFont, ReturnType<PDFPage['node']['newFontDictionary']>>();
  let { x, y } = start;
  for (const run of runs) {
    let fontKey = fontKeys.get(run.font);
    if (!fontKey) {
      fontKey = page.node.newFontDictionary(run.font.name, run.font.ref);
      fontKeys.set(run.font, fontKey);
    }
    page.pushOperators(
      ...drawText(run.glyphs, {
        x,
        y,
        size: stampSize,
        font: fontKey,
        color: stampColor,
        rotate: degrees(rotation),
        xSkew: degrees(0),
        ySkew: degrees(0),
        graphicsState,
      }),
    );
    x += start.dx * run.width;
    y += start.dy * run.width;
  }
}

const streamStart = new TextEncoder().encode('\nstream\n');
const streamEnd = new TextEncoder().encode('\nendstream');

/**
 * A stream of the source that goes into the copy as it is, its bytes copied at once. pdf-lib's
 * own streams copy theirs one byte at a time: for a PDF of large images, half of a stamp's
 * time. Written exactly as pdf-lib writes a stream (`PDFStream.copyBytesInto`).
 */
class VerbatimStream extends PDFStream {
  constructor(
    dict: PDFDict,
    private contents: Uint8Array,
  ) {
    super(dict);
  }

  override getContents(): Uint8Array {
    return this.contents;
  }

  override getContentsSize(): number {
    return this.contents.byteLength;
  }

  override getContentsString(): string {
    return Buffer.from(this.contents).toString('latin1');
  }

  override updateContents(contents: Uint8Array): void {
    this.dict.registerChange();
    this.contents = contents;
  }

  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    this.updateDict();
    let at = offset + this.dict.copyBytesInto(buffer, offset);
    for (const part of [streamStart, this.contents, streamEnd]) {
      buffer.set(part, at);
      at += part.byteLength;
    }
    return at - offset;
  }
}

/** Streams this large are written into the copy by one copy of their bytes. */
const verbatimMinBytes = 16 * 1024;

/**
 * Swaps the document's large streams (images, fonts, page contents) for verbatim ones. Cross-
 * reference and object streams stay: pdf-lib rewrites those itself and recognises them by
 * their class.
 */
function copyLargeStreamsVerbatim(document: PDFDocument) {
  const { context } = document;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const contents = object.getContents();
    if (contents.byteLength < verbatimMinBytes) continue;
    const type = object.dict.lookup(PDFName.of('Type'));
    if (type === PDFName.of('XRef') || type === PDFName.of('ObjStm')) continue;
    context.assign(ref, new VerbatimStream(object.dict, contents));
  }
}

/**
 * A copy of the PDF with `text` on every page, in fonts that render Korean and Chinese (only
 * the glyphs used are embedded). Everything else of the document is kept.
 */
export async function stampPdf(
  bytes: Uint8Array,
  text: string,
  fonts: StampFonts,
): Promise<Uint8Array> {
  const document = await openPdf(bytes);
  document.registerFontkit(fontkit);
  const korean = await document.embedFont(fonts.korean, { subset: true });
  const inKorean = new Set(korean.getCharacterSet());
  const candidates = [{ font: korean, has: inKorean }];
  // The Chinese font only when the Korean one lacks a character.
  if ([...text].some((character) => !inKorean.has(character.codePointAt(0) ?? 0))) {
    const chinese = await document.embedFont(fonts.chinese, { subset: true });
    candidates.push({ font: chinese, has: new Set(chinese.getCharacterSet()) });
  }
  const runs = runsOf(text, candidates).map(
    (run): LaidOutRun => ({
      font: run.font,
      glyphs: run.font.encodeText(run.text),
      width: run.font.widthOfTextAtSize(run.text, stampSize),
    }),
  );
  const transparency = document.context.register(
    document.context.obj({ Type: 'ExtGState', ca: stampOpacity }),
  );
  for (const page of document.getPages()) stampPage(page, runs, transparency);
  copyLargeStreamsVerbatim(document);
  // Nothing else runs in the PDF thread: the file is written without yielding.
  return document.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
