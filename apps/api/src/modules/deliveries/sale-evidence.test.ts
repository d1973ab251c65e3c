import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
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
/** The buyers' countries: made-up countries over the documentation ranges. */
const countryFile = fileURLToPath(
  new URL('../../test/ip-country-fixtures/countries.csv', import.meta.url),
);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    INTERNAL_API_SECRET: internalSecret,
    PUBLIC_URL: publicUrl,
    GEOIP_COUNTRY_FILE: countryFile,
  });
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
        country: 'CN',
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

  it("shows each buyer's country from the operator's file, and none it does not know", async () => {
    // Two files: each may be downloaded five times for the order.
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'a.zip', bytes: Buffer.from('a'), type: 'application/zip' },
      { name: 'b.zip', bytes: Buffer.from('b'), type: 'application/zip' },
    ]);
    const fileIds = product.files.map((file) => file.id);
    const order = purchase(product.product.id);
    const sale = await recordPurchase(t.app, order);
    const from = [
      '192.0.2.127',
      '192.0.2.128',
      '2001:db8:1:2::3',
      '::ffff:203.0.113.9',
      '198.18.0.1',
      '2001:db8:9::1',
    ];
    for (const [index, ip] of from.entries()) {
      await delivered(t.app, order.orderId, fileIds[index % 2] ?? '', {
        ip,
        userAgent: 'Mozilla/5.0',
      });
    }
    await delivered(t.app, order.orderId, fileIds[0] ?? '');

    const response = await evidenceOf(seller, sale.purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    const sheet = response.json<SaleEvidence>();
    const seen = sheet.deliveries.map((delivery) => [delivery.networkPrefix, delivery.country]);
    const byPrefix = (a: unknown[], b: unknown[]) => String(a).localeCompare(String(b));
    expect(seen.sort(byPrefix)).toEqual(
      [
        ['192.0.2.0/24', 'KR'],
        ['192.0.2.0/24', 'JP'],
        ['2001:db8:1::/48', 'TR'],
        ['203.0.113.0/24', 'FR'],
        ['198.18.0.0/24', null],
        ['2001:db8:9::/48', null],
        [null, null],
      ].sort(byPrefix),
    );
    // The country and the prefix only: no whole address reaches the sheet.
    for (const ip of from) expect(response.body).not.toContain(ip);
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
