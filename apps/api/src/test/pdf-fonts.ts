import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from '@cantoo/pdf-lib';

/**
 * What a PDF's embedded CID fonts really draw: for each Type0 font, which character each glyph
 * id stands for (its ToUnicode map) and the glyph's outline program in the embedded CFF font.
 * Read independently of the library that wrote them, to check that a stamp's characters are
 * drawn with real glyphs and not with the empty or missing-glyph (.notdef) one.
 */
export interface EmbeddedFont {
  name: string;
  /** Glyph id → the text it stands for. */
  toUnicode: Map<number, string>;
  /** The Type 2 charstring of each glyph id (glyph 0 is .notdef). */
  charstrings: Uint8Array[];
  /** CID → glyph id, from the CFF charset. */
  glyphOfCid: Map<number, number>;
}

const decoded = (stream: PDFRawStream): Uint8Array => {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const contents = stream.getContents();
  if (filter === undefined) return contents;
  if (filter.toString() === '/FlateDecode') return inflateSync(contents);
  throw new Error(`unexpected font stream filter ${filter.toString()}`);
};

// ---- CFF (Compact Font Format) reading: only what finds the charstrings and the charset ----

function readIndex(data: Uint8Array, offset: number): { items: Uint8Array[]; end: number } {
  const count = (data[offset] as number) * 256 + (data[offset + 1] as number);
  if (count === 0) return { items: [], end: offset + 2 };
  const offSize = data[offset + 2] as number;
  const offsetAt = (index: number) => {
    let value = 0;
    for (let byte = 0; byte < offSize; byte += 1) {
      value = value * 256 + (data[offset + 3 + index * offSize + byte] as number);
    }
    return value;
  };
  const base = offset + 3 + (count + 1) * offSize - 1;
  const items: Uint8Array[] = [];
  for (let index = 0; index < count; index += 1) {
    items.push(data.subarray(base + offsetAt(index), base + offsetAt(index + 1)));
  }
  return { items, end: base + offsetAt(count) };
}

/** A DICT's operators with their operands (two-byte operators as 1200 + second byte). */
function readDict(data: Uint8Array): Map<number, number[]> {
  const entries = new Map<number, number[]>();
  let operands: number[] = [];
  let at = 0;
  while (at < data.length) {
    const b0 = data[at] as number;
    if (b0 <= 21) {
      const operator = b0 === 12 ? 1200 + (data[at + 1] as number) : b0;
      at += b0 === 12 ? 2 : 1;
      entries.set(operator, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push((((data[at + 1] as number) << 24) >> 16) | (data[at + 2] as number));
      at += 3;
    } else if (b0 === 29) {
      operands.push(
        ((data[at + 1] as number) << 24) |
          ((data[at + 2] as number) << 16) |
          ((data[at + 3] as number) << 8) |
          (data[at + 4] as number),
      );
      at += 5;
    } else if (b0 === 30) {
      // A real number: nibbles up to an 0xf nibble; its value is never needed here.
      at += 1;
      while (at < data.length) {
        const byte = data[at] as number;
        at += 1;
        if ((byte & 0x0f) === 0x0f || (byte & 0xf0) === 0xf0) break;
      }
      operands.push(0);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      at += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + (data[at + 1] as number) + 108);
      at += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - (data[at + 1] as number) - 108);
      at += 2;
    } else {
      throw new Error(`unexpected DICT byte ${b0}`);
    }
  }
  return entries;
}

function readCff(data: Uint8Array): Pick<EmbeddedFont, 'charstrings' | 'glyphOfCid'> {
  const headerSize = data[2] as number;
  const names = readIndex(data, headerSize);
  const topDicts = readIndex(data, names.end);
  const top = readDict(topDicts.items[0] ?? new Uint8Array());
  const charstringsOffset = top.get(17)?.[0];
  if (charstringsOffset === undefined) throw new Error('the CFF font has no CharStrings');
  const charstrings = readIndex(data, charstringsOffset).items;
  const glyphOfCid = new Map<number, number>([[0, 0]]);
  const charsetOffset = top.get(15)?.[0] ?? 0;
  if (charsetOffset <= 2) {
    // A predefined charset: glyph ids are the ids.
    for (let glyph = 1; glyph < charstrings.length; glyph += 1) glyphOfCid.set(glyph, glyph);
  } else {
    const format = data[charsetOffset] as number;
    let at = charsetOffset + 1;
    let glyph = 1;
    const card16 = () => {
      const value = (data[at] as number) * 256 + (data[at + 1] as number);
      at += 2;
      return value;
    };
    while (glyph < charstrings.length) {
      if (format === 0) {
        glyphOfCid.set(card16(), glyph);
        glyph += 1;
      } else {
        const first = card16();
        const left = format === 1 ? (data[at++] as number) : card16();
        for (let step = 0; step <= left; step += 1) glyphOfCid.set(first + step, glyph++);
      }
    }
  }
  return { charstrings, glyphOfCid };
}

// ---- ToUnicode CMaps ------------------------------------------------------------------------

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

function readToUnicode(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(pair[1] ?? '', 16), utf16(pair[2] ?? ''));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? '';
    for (const range of body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g,
    )) {
      const low = Number.parseInt(range[1] ?? '', 16);
      const high = Number.parseInt(range[2] ?? '', 16);
      if (range[3] !== undefined) {
        const start = Number.parseInt(range[3], 16);
        for (let code = low; code <= high; code += 1) {
          map.set(code, String.fromCodePoint(start + code - low));
        }
      } else {
        const targets = [...(range[4] ?? '').matchAll(/<([0-9a-fA-F]+)>/g)];
        targets.forEach((target, index) => {
          map.set(low + index, utf16(target[1] ?? ''));
        });
      }
    }
  }
  return map;
}

const rawStream = (object: unknown): PDFRawStream => {
  if (object instanceof PDFRawStream) return object;
  throw new Error('expected a stream');
};

/** Every Type0 font with an embedded CFF program (FontFile3) in the PDF. */
export async function embeddedCidFonts(bytes: Uint8Array): Promise<EmbeddedFont[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context } = document;
  const fonts: EmbeddedFont[] = [];
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    if (object.get(PDFName.of('Subtype'))?.toString() !== '/Type0') continue;
    const descendants = context.lookup(object.get(PDFName.of('DescendantFonts')), PDFArray);
    const cidFont = context.lookup(descendants.get(0), PDFDict);
    const descriptor = context.lookup(cidFont.get(PDFName.of('FontDescriptor')), PDFDict);
    const program = descriptor.get(PDFName.of('FontFile3')) as PDFRef | undefined;
    const toUnicode = object.get(PDFName.of('ToUnicode')) as PDFRef | undefined;
    if (!program || !toUnicode) continue;
    const cff = decoded(rawStream(context.lookup(program)));
    const cmap = Buffer.from(decoded(rawStream(context.lookup(toUnicode)))).toString('latin1');
    fonts.push({
      name: object.get(PDFName.of('BaseFont'))?.toString() ?? '',
      toUnicode: readToUnicode(cmap),
      ...readCff(cff),
    });
  }
  return fonts;
}

/**
 * Whether the font draws the character with a real glyph: a glyph id mapped to it, not
 * .notdef, with an outline of its own (more than a width and `endchar`, and not .notdef's).
 */
export function drawsCharacter(font: EmbeddedFont, character: string): boolean {
  const notdef = font.charstrings[0];
  for (const [cid, text] of font.toUnicode) {
    if (text !== character) continue;
    const glyph = font.glyphOfCid.get(cid);
    if (glyph === undefined || glyph === 0) continue;
    const charstring = font.charstrings[glyph];
    if (!charstring || charstring.length <= 4) continue;
    if (notdef && Buffer.from(charstring).equals(Buffer.from(notdef))) continue;
    return true;
  }
  return false;
}
