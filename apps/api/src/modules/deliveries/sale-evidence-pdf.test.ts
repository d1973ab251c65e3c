import { randomUUID } from 'node:crypto';
import type { SaleEvidence } from '@seller/contract/sales/get-sale-evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVersion, delivered, productWithFiles } from '../../test/file-products.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { pageTexts } from '../../test/pdf-files.ts';
import { drawsCharacter, embeddedCidFonts } from '../../test/pdf-fonts.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The printable evidence sheet: its text read back with pdf.js against the deliveries made. */

const publicUrl = 'https://seller.example.com';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl });
});
afterAll(async () => {
  await t.close();
});

const pdfOf = (seller: TestSeller, purchaseId: string, lang?: string) =>
  t.app.inject({
    url: `/api/products/sales/${purchaseId}/evidence.pdf${lang ? `?lang=${lang}` : ''}`,
    headers: bearer(seller.token),
  });

/** A sale of a product of two files with Korean and Chinese names: one delivered in v1 and v2, refunded in part. */
async function disputedSale() {
  const { seller, product } = await productWithFiles(t.app, [
    { name: '플래너.zip', bytes: Buffer.from('planner v1'), type: 'application/zip' },
    { name: '练习册.zip', bytes: Buffer.from('workbook'), type: 'application/zip' },
  ]);
  const [planner] = product.files;
  const order = purchase(product.product.id, { customerEmail: '김민지@example.kr' });
  const sale = await recordPurchase(t.app, order);
  await delivered(t.app, order.orderId, planner?.id ?? '', {
    ip: '203.0.113.77',
    userAgent: 'Mozilla/5.0 (Android)',
  });
  const added = await addVersion(t.app, seller, product.product.id, planner?.id ?? '', {
    name: '플래너.zip',
    bytes: Buffer.from('planner v2!'),
    type: 'application/zip',
  });
  expect(added.statusCode).toBe(201);
  await delivered(t.app, order.orderId, planner?.id ?? '');
  const refunded = await signedPost(t.app, '/api/internal/refunds', {
    refundId: `refund-${randomUUID()}`,
    orderId: order.orderId,
    amount: 2500,
    kind: 'refund',
    reason: '환불 요청',
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
  const json = await t.app.inject({
    url: `/api/products/sales/${sale.purchaseId}/evidence`,
    headers: bearer(seller.token),
  });
  return { seller, order, sale, sheet: json.json<SaleEvidence>() };
}

/** Every page's text joined, as pdf.js reads it. */
async function textOf(bytes: Buffer): Promise<string> {
  return (await pageTexts(bytes)).join('\n');
}

describe('the printable evidence sheet', () => {
  it('prints every delivery with its version and served hash, the files never downloaded, the refunds', async () => {
    const { seller, order, sale, sheet } = await disputedSale();
    const response = await pdfOf(seller, sale.purchaseId, 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment; filename="evidence-');
    const text = await textOf(response.rawPayload);

    expect(text).toContain('Delivery evidence');
    expect(text).toContain(`Order ID: ${order.orderId}`);
    expect(text).toContain('Buyer: 김민지@example.kr');
    expect(sheet.deliveries).toHaveLength(2);
    for (const [index, delivery] of sheet.deliveries.entries()) {
      expect(text).toContain(`SHA-256: ${delivery.sha256}`);
      expect(text).toContain(`Version: v${index + 1}`);
    }
    expect(text).toContain('Country / network: 203.0.113.0/24');
    expect(text).toContain('Browser: Mozilla/5.0 (Android)');
    expect(text).toContain('Files never downloaded: 练习册.zip');
    expect(text).toContain('refund ₩2,500 (reason: 환불 요청)');
    // The sheet's own id and hash, as the JSON sheet carries them.
    expect(text).toMatch(/Sheet: [0-9a-f-]{36}/);
    expect(text).toMatch(/Sheet SHA-256: [0-9a-f]{64}/);
  });

  it('is written in Korean or Chinese, with their characters read back from the embedded fonts', async () => {
    const { seller, sale, sheet } = await disputedSale();
    const korean = await textOf((await pdfOf(seller, sale.purchaseId, 'ko')).rawPayload);
    expect(korean).toContain('전달 증빙');
    expect(korean).toContain('받지 않은 파일: 练习册.zip');
    expect(korean).toContain(`SHA-256: ${sheet.deliveries[1]?.sha256}`);
    const chinese = await textOf((await pdfOf(seller, sale.purchaseId, 'zh')).rawPayload);
    expect(chinese).toContain('交付证明');
    expect(chinese).toContain('从未下载的文件: 练习册.zip');
    expect(chinese).toContain('1. ');
    expect(chinese).toContain('플래너.zip');
  });

  it('embeds font subsets that draw every Korean and Chinese character with a real glyph', async () => {
    const { seller, sale } = await disputedSale();
    const bytes = (await pdfOf(seller, sale.purchaseId, 'ko')).rawPayload;
    const fonts = await embeddedCidFonts(bytes);
    expect(fonts.length).toBe(2);
    // Hangul from the Korean subset, the ideographs it lacks from the Chinese one.
    for (const character of new Set('전달증빙받지않은파일练习册환불요청김민지')) {
      const drawn = fonts.filter((font) => drawsCharacter(font, character));
      expect(drawn.length, `${character} U+${character.codePointAt(0)?.toString(16)}`).toBe(1);
    }
  });

  it('is English without a language, and refuses one it is not written in', async () => {
    const { seller, sale } = await disputedSale();
    const plain = await pdfOf(seller, sale.purchaseId);
    expect(plain.statusCode).toBe(200);
    expect(await textOf(plain.rawPayload)).toContain('Delivery evidence');
    const german = await pdfOf(seller, sale.purchaseId, 'de');
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ code: 'validation_failed' });
  });

  it("answers another seller's sale like a missing one", async () => {
    const { sale } = await disputedSale();
    const other = await signUpSeller(t.app);
    const theirs = await pdfOf(other, sale.purchaseId, 'ko');
    const missing = await pdfOf(other, randomUUID(), 'ko');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
  });
});
