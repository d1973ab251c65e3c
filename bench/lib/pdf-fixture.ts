/**
 * A large PDF to stamp, made at run time (never committed): pages of Korean and Latin text in
 * the committed Noto Sans KR subset, each with an image of random pixels. The images are raw
 * RGB samples with no filter, as incompressible as photographs, so that the file's size is
 * real bytes every reader and writer has to move, not a stream that shrinks.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@cantoo/fontkit';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from '@cantoo/pdf-lib';
import { root } from './common.ts';

const koreanFont = path.join(root, 'apps', 'api', 'assets', 'fonts', 'noto-sans-kr-subset.otf');

/** What a page says: a chapter heading and a paragraph, in Korean and in English. */
function pageLines(page: number): string[] {
  return [
    `제${page}장 · 디지털 상품 판매 가이드 — Chapter ${page}: selling digital products`,
    '구매자는 결제 직후 파일을 내려받고, 판매자는 정산 내역을 한눈에 확인합니다.',
    'Buyers download their files right after paying; sellers see every payout at a glance.',
    `이 페이지의 그림은 예시입니다. The picture on page ${page} is an example.`,
  ];
}

/** Image bytes per page for a file of about `targetBytes` over `pages` pages. */
function imageSide(targetBytes: number, pages: number): number {
  // About 4 kB a page go to the page's own objects and text.
  const perPage = Math.max(3 * 16 * 16, Math.floor(targetBytes / pages) - 4_000);
  return Math.floor(Math.sqrt(perPage / 3));
}

/** A `pages`-page PDF of about `targetBytes` bytes. */
export async function makeLargePdf(pages: number, targetBytes: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(readFileSync(koreanFont), { subset: true });
  const side = imageSide(targetBytes, pages);
  for (let number = 1; number <= pages; number += 1) {
    const page = document.addPage([595, 842]);
    pageLines(number).forEach((line, index) => {
      page.drawText(line, {
        x: 48,
        y: 780 - index * 22,
        size: index === 0 ? 14 : 10,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
    });
    const image = document.context.register(
      document.context.stream(randomBytes(side * side * 3), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Image', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(500, 0, 0, 500, 48, 160),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return document.save();
}

/**
 * The PDF of `pages` pages and about `targetBytes`, made once into `directory` and read from
 * there by later calls of the same run.
 */
export async function largePdfFile(
  directory: string,
  pages: number,
  targetBytes: number,
): Promise<string> {
  const file = path.join(directory, `stamp-fixture-${pages}p-${targetBytes}.pdf`);
  if (existsSync(file)) return file;
  const bytes = await makeLargePdf(pages, targetBytes);
  writeFileSync(`${file}.tmp`, bytes);
  renameSync(`${file}.tmp`, file);
  return file;
}
