import { createHash, randomUUID } from 'node:crypto';
import type { SaleEvidence } from '@seller/contract/sales/get-sale-evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVersion,
  delivered,
  downloadBytes,
  productWithFiles,
} from '../../test/file-products.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The evidence sheet of a sale, its figures checked against the deliveries made. */

const publicUrl = 'https://seller.example.com';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl });
});
afterAll(async () => {
  await t.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const evidenceOf = (seller: TestSeller, purchaseId: string) =>
  t.app.inject({
    url: `/api/products/sales/${purchaseId}/evidence`,
    headers: bearer(seller.token),
  });

describe('the evidence sheet', () => {
  it('lists every delivery with its version and served hash, the files never given, the refunds', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'one.zip', bytes: Buffer.from('one v1'), type: 'application/zip' },
      { name: 'two.zip', bytes: Buffer.from('two'), type: 'application/zip' },
    ]);
    const [one, two] = product.files;
    const order = purchase(product.product.id, { customerEmail: 'buyer@example.kr' });
    const sale = await recordPurchase(t.app, order);
    const first = await delivered(t.app, order.orderId, one?.id ?? '', {
      ip: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (iPhone)',
    });
    const added = await addVersion(t.app, seller, product.product.id, one?.id ?? '', {
      name: 'one.zip',
      bytes: Buffer.from('one v2'),
      type: 'application/zip',
    });
    expect(added.statusCode).toBe(201);
    const second = await delivered(t.app, order.orderId, one?.id ?? '');
    const refunded = await signedPost(t.app, '/api/internal/refunds', {
      refundId: `refund-${randomUUID()}`,
      orderId: order.orderId,
      amount: 1000,
      kind: 'refund',
      reason: 'changed mind',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);

    const response = await evidenceOf(seller, sale.purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    const sheet = response.json<SaleEvidence>();
    expect(sheet.order).toMatchObject({
      purchaseId: sale.purchaseId,
      orderId: order.orderId,
      productId: product.product.id,
      amount: order.amount,
    });
    expect(sheet.buyer).toEqual({ email: 'buyer@example.kr' });
    const served = [
      await downloadBytes(t.app, first.downloadUrl, publicUrl),
      await downloadBytes(t.app, second.downloadUrl, publicUrl),
    ];
    expect(sheet.deliveries).toEqual([
      {
        at: expect.any(String),
        fileId: one?.id,
        fileName: 'one.zip',
        version: 1,
        sha256: sha256(served[0] ?? Buffer.alloc(0)),
        size: 6,
        stamped: false,
        country: null,
        networkPrefix: '198.51.100.0/24',
        userAgent: 'Mozilla/5.0 (iPhone)',
      },
      {
        at: expect.any(String),
        fileId: one?.id,
        fileName: 'one.zip',
        version: 2,
        sha256: sha256(served[1] ?? Buffer.alloc(0)),
        size: 6,
        stamped: false,
        country: null,
        networkPrefix: null,
        userAgent: null,
      },
    ]);
    expect(sheet.summary.firstDeliveryAt).toBe(sheet.deliveries[0]?.at);
    expect(sheet.summary.filesNeverDownloaded).toEqual([{ fileId: two?.id, fileName: 'two.zip' }]);
    expect(sheet.summary.refunds).toEqual([
      expect.objectContaining({ kind: 'refund', amount: 1000, reason: 'changed mind' }),
    ]);
    // The sheet's hash covers everything but itself.
    const { sha256: stated, ...rest } = sheet.sheet;
    const { sheet: _sheet, ...body } = sheet;
    expect(stated).toBe(sha256(new TextEncoder().encode(JSON.stringify({ sheet: rest, ...body }))));
  });

  it("answers another seller's sale like a missing one", async () => {
    const { product } = await productWithFiles(t.app, [
      { name: 'a.zip', bytes: Buffer.from('a'), type: 'application/zip' },
    ]);
    const sale = await recordPurchase(t.app, purchase(product.product.id));
    const other = await signUpSeller(t.app);
    const theirs = await evidenceOf(other, sale.purchaseId);
    const missing = await evidenceOf(other, randomUUID());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
  });
});
