import { createHash, randomBytes } from 'node:crypto';
import {
  degrees,
  drawObject,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { lockedPdf, pageTexts, testPdf } from '../../test/pdf-files.ts';
import { drawsCharacter, embeddedCidFonts } from '../../test/pdf-fonts.ts';
import { PdfPasswordError, PdfUnreadableError } from './pdf-errors.ts';
import { createPdfWorker } from './pdf-worker.ts';

const worker = createPdfWorker();
afterAll(() => worker.close());

/** A stamp with Latin, Hangul and Chinese characters, as a buyer's address and order may be. */
const stamp = '김민지 buyer+kr@example.com · 订单 ORDER-7 · 注文 샘플';

/** A four-page PDF whose pages are shown at 0, 90, 180 and 270 degrees. */
async function rotatedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const angle of [0, 90, 180, 270]) {
    const page = document.addPage([300, 400]);
    page.setRotation(degrees(angle));
    page.drawText(`Rotated ${angle}`, { x: 30, y: 200, size: 14, font });
  }
  return document.save();
}

describe('the PDF worker', () => {
  it('stamps every page, and pdf.js reads the stamp back from each', async () => {
    const original = await testPdf(3, 'Weekly planner');
    const { bytes: stamped, sha256 } = await worker.stamp(original, stamp);
    // The copy's hash comes with it, taken in the PDF thread.
    expect(sha256).toBe(createHash('sha256').update(stamped).digest('hex'));
    const texts = await pageTexts(stamped);
    expect(texts).toHaveLength(3);
    texts.forEach((text, index) => {
      expect(text).toContain(`Weekly planner page ${index + 1}`);
      expect(text).toContain(stamp);
    });
  });

  it('stamps rotated pages too', async () => {
    const texts = await pageTexts((await worker.stamp(await rotatedPdf(), stamp)).bytes);
    expect(texts).toHaveLength(4);
    for (const text of texts) expect(text).toContain(stamp);
  });

  it('embeds font subsets that draw every stamped character with a real glyph', async () => {
    const { bytes: stamped } = await worker.stamp(await testPdf(2), stamp);
    const fonts = await embeddedCidFonts(stamped);
    // Hangul from the Korean font, the ideographs it lacks from the Chinese one.
    expect(fonts.length).toBe(2);
    for (const character of new Set(stamp.replace(/\s/g, ''))) {
      const drawn = fonts.filter((font) => drawsCharacter(font, character));
      expect(drawn.length, `${character} U+${character.codePointAt(0)?.toString(16)}`).toBe(1);
    }
  });

  it('the glyph check tells a missing glyph apart', async () => {
    const fonts = await embeddedCidFonts((await worker.stamp(await testPdf(1), 'abc')).bytes);
    expect(fonts.length).toBe(1);
    const [font] = fonts;
    if (!font) throw new Error('no font');
    expect(drawsCharacter(font, 'a')).toBe(true);
    expect(drawsCharacter(font, 'z')).toBe(false);
  });

  it('keeps large streams byte for byte: an image of random pixels', async () => {
    const pixels = randomBytes(96 * 96 * 3);
    const document = await PDFDocument.create();
    const page = document.addPage([300, 300]);
    const image = document.context.register(
      document.context.stream(pixels, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 96,
        Height: 96,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Image', image);
    page.pushOperators(pushGraphicsState(), drawObject(name), popGraphicsState());
    const { bytes: stamped } = await worker.stamp(await document.save(), stamp);

    expect((await pageTexts(stamped))[0]).toContain(stamp);
    const copy = await PDFDocument.load(stamped);
    const xObjects = copy.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const ref = xObjects?.get(name);
    if (!(ref instanceof PDFRef)) throw new Error('the image is not on the page');
    const stream = copy.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) throw new Error('the image is no stream');
    expect(Buffer.from(stream.getContents()).equals(pixels)).toBe(true);
    expect(stream.dict.lookup(PDFName.of('Length'), PDFNumber).asNumber()).toBe(pixels.length);
  });

  it('stamps a PDF that has an owner password only', async () => {
    const texts = await pageTexts((await worker.stamp(lockedPdf('owner-password'), stamp)).bytes);
    expect(texts).toHaveLength(3);
    texts.forEach((text, index) => {
      expect(text).toContain(`Locked planner page ${index + 1}`);
      expect(text).toContain(stamp);
    });
  });

  it('refuses a PDF that needs a password to open, and tells what it is', async () => {
    await expect(worker.stamp(lockedPdf('user-password'), stamp)).rejects.toBeInstanceOf(
      PdfPasswordError,
    );
    expect(await worker.inspect(lockedPdf('user-password'))).toEqual({
      kind: 'password_protected',
    });
    expect(await worker.inspect(lockedPdf('owner-password'))).toEqual({ kind: 'pdf', pages: 3 });
    expect(await worker.inspect(Buffer.from('not a pdf at all'))).toEqual({ kind: 'unreadable' });
    expect(await worker.inspect(Buffer.from('%PDF-1.7 and nothing else'))).toEqual({
      kind: 'unreadable',
    });
    await expect(worker.sample(Buffer.from('no'), 1)).rejects.toBeInstanceOf(PdfUnreadableError);
  });

  it('makes the first pages a PDF of their own', async () => {
    const sample = await worker.sample(await testPdf(5, 'Course'), 2);
    expect(await pageTexts(sample)).toEqual(['Course page 1', 'Course page 2']);
    const whole = await worker.sample(lockedPdf('owner-password'), 20);
    expect(await pageTexts(whole)).toHaveLength(3);
  });

  it('reads a source only when its task’s turn comes', async () => {
    const bytes = await testPdf(3);
    // The first task's source is not ready until the gate opens: its turn lasts until then.
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const first = worker.stamp(async () => {
      await gate;
      return new Uint8Array(bytes);
    }, 'first');
    let secondReads = 0;
    const second = worker.stamp(async () => {
      secondReads += 1;
      return new Uint8Array(bytes);
    }, 'second');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(secondReads).toBe(0);
    openGate();
    await Promise.all([first, second]);
    expect(secondReads).toBe(1);
  });

  it('moves read bytes to the thread without a copy, and copies the caller’s own', async () => {
    const original = await testPdf(2, 'Moved');
    const read = new Uint8Array(original);
    const texts = await pageTexts((await worker.stamp(async () => read, stamp)).bytes);
    expect(texts[1]).toContain(stamp);
    // The read buffer went to the thread: nothing of it is left on this side.
    expect(read.buffer.byteLength).toBe(0);

    const kept = new Uint8Array(original);
    await worker.stamp(kept, stamp);
    expect(Buffer.from(kept).equals(original)).toBe(true);

    // A view on a shared pool is copied: the pool's other views keep their bytes.
    const pool = new Uint8Array(original.byteLength + 16).fill(7);
    pool.set(original, 8);
    const view = pool.subarray(8, 8 + original.byteLength);
    expect(await pageTexts((await worker.stamp(async () => view, stamp)).bytes)).toHaveLength(2);
    expect(pool.byteLength).toBe(original.byteLength + 16);
    expect(pool[0]).toBe(7);
  });

  it('runs tasks one after the other, in the order asked', async () => {
    const finished: number[] = [];
    const bytes = await testPdf(30);
    await Promise.all(
      [1, 2, 3].map((n) => worker.stamp(bytes, `order ${n}`).then(() => finished.push(n))),
    );
    expect(finished).toEqual([1, 2, 3]);
  });
});
