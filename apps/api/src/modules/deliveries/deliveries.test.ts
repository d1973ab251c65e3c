import { randomBytes, randomUUID } from 'node:crypto';
import type { CreateDeliveryResponse, Delivery } from '@seller/contract/internal/create-delivery';
import type { ProductDetail } from '@seller/contract/products/product';
import type { SaleDetail } from '@seller/contract/sales/get-sale';
import type { Transaction, TransactionsResponse } from '@seller/contract/sales/get-transactions';
import type { ResetSaleDownloadsResponse } from '@seller/contract/sales/reset-sale-downloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, png, uploadCompleted } from '../../test/completed-uploads.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The buyer's path as the member site walks it, from the names of the design only: a sale is
 * recorded, the member site asks for a delivery of a file, the buyer's browser follows the link
 * (no header), resumes it with Range, runs out of downloads, the seller resets them and the
 * buyer downloads again.
 */

const publicUrl = 'https://seller.example.com';
let t: TestApp;
/** The app's clock runs with the real one, this far off (a delivery given in the past). */
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl },
    { clock: () => new Date(Date.now() + clockOffsetMs) },
  );
});
afterAll(async () => {
  await t.close();
});

interface ProductFixture {
  seller: TestSeller;
  product: ProductDetail;
  /** The bytes of each file, in the product's order. */
  bytes: Buffer[];
}

/** A product made through the real upload and create calls, with these files. */
async function productWith(
  files: { name: string; bytes: Buffer }[],
  extra: { download_limit?: number } = {},
  seller?: TestSeller,
): Promise<ProductFixture> {
  const owner = seller ?? (await signUpSeller(t.app));
  const uploaded = [];
  for (const file of files) {
    uploaded.push(await uploadCompleted(t.app, owner.token, pdf(file.name, file.bytes)));
  }
  const image = await uploadCompleted(t.app, owner.token, png());
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products/create',
    headers: bearer(owner.token),
    payload: {
      title: 'Field guide',
      price: 10,
      files: uploaded.map((upload) => ({ s3Key: upload.s3Key })),
      thumbnails: [{ s3Key: image.s3Key }],
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { seller: owner, product: response.json(), bytes: files.map((file) => file.bytes) };
}

/** A recorded sale of the product: its order id and purchase id. */
async function sell(productId: string) {
  const order = purchase(productId);
  const sale = await recordPurchase(t.app, order);
  return { orderId: order.orderId, purchaseId: sale.purchaseId };
}

const deliver = (orderId: string, fileId: string) =>
  signedPost(t.app, '/api/internal/deliveries', { orderId, fileId });

async function delivered(orderId: string, fileId: string): Promise<Delivery> {
  const response = await deliver(orderId, fileId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateDeliveryResponse>().delivery;
}

/** The buyer's browser following the link: no header but those given. */
const download = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function transactionOf(token: string, purchaseId: string): Promise<Transaction> {
  const response = await t.app.inject({
    url: '/api/products/sales/transactions?limit=100',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const row = response
    .json<TransactionsResponse>()
    .transactions.find((transaction) => transaction.purchase_id === purchaseId);
  if (!row) throw new Error(`sale ${purchaseId} is not listed`);
  return row;
}

const saleDetail = (token: string, purchaseId: string) =>
  t.app.inject({ url: `/api/products/sales/${purchaseId}`, headers: bearer(token) });

const resetDownloads = (token: string, purchaseId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/sales/${purchaseId}/reset-downloads`,
    headers: bearer(token),
  });

const refund = (orderId: string, amount: number, kind: 'refund' | 'chargeback' = 'refund') =>
  signedPost(t.app, '/api/internal/refunds', {
    refundId: `refund-${randomUUID()}`,
    orderId,
    amount,
    kind,
  });

describe("the buyer's path on the local store", () => {
  const koreanName = '한국어 안내서 "최종" 版.pdf';
  let fixture: ProductFixture;
  let sale: { orderId: string; purchaseId: string };

  beforeAll(async () => {
    fixture = await productWith(
      [
        { name: koreanName, bytes: randomBytes(200_000) },
        { name: 'extras.pdf', bytes: randomBytes(1_000) },
      ],
      { download_limit: 2 },
    );
    sale = await sell(fixture.product.product.id);
  });

  it('gives a link that serves the exact bytes under the original name, without any header', async () => {
    const [file] = fixture.product.files;
    if (!file) throw new Error('no file');
    const before = Date.now();
    const delivery = await delivered(sale.orderId, file.id);
    expect(delivery).toMatchObject({
      orderId: sale.orderId,
      fileId: file.id,
      fileName: koreanName,
      size: 200_000,
      downloadsUsed: 1,
      downloadsLimit: 2,
    });
    expect(delivery.downloadUrl.startsWith(`${publicUrl}/`)).toBe(true);
    const expiresAt = Date.parse(delivery.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);

    const response = await download(delivery.downloadUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(fixture.bytes[0] as Buffer)).toBe(true);
    expect(response.headers['content-length']).toBe('200000');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['accept-ranges']).toBe('bytes');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(koreanName).replace(/'/g, '%27')}`,
    );
    // The name read back as a browser reads `filename*`.
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(koreanName);
    // The ASCII stand-in keeps the header well formed: no raw quote, no raw non-ASCII byte.
    expect(disposition).toMatch(/^[\x20-\x7e]+$/);
  });

  it('resumes with Range: 206 with the asked bytes, 416 past the end', async () => {
    const [file] = fixture.product.files;
    if (!file) throw new Error('no file');
    const delivery = await delivered(sale.orderId, file.id);
    expect(delivery.downloadsUsed).toBe(2);
    const bytes = fixture.bytes[0] as Buffer;

    const middle = await download(delivery.downloadUrl, { range: 'bytes=100000-149999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 100000-149999/200000');
    expect(middle.headers['content-length']).toBe('50000');
    expect(middle.rawPayload.equals(bytes.subarray(100_000, 150_000))).toBe(true);

    const rest = await download(delivery.downloadUrl, { range: 'bytes=150000-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(bytes.subarray(150_000))).toBe(true);

    const tail = await download(delivery.downloadUrl, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(-10))).toBe(true);

    const past = await download(delivery.downloadUrl, { range: 'bytes=200000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */200000');

    const head = await t.app.inject({ method: 'HEAD', url: delivery.downloadUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('200000');
  });

  it('refuses a third download of the file with 403 download_limit_reached, each file counting apart', async () => {
    const [first, second] = fixture.product.files;
    if (!first || !second) throw new Error('two files expected');
    const refused = await deliver(sale.orderId, first.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'download_limit_reached' });
    expect(typeof refused.json().error).toBe('string');

    // The other file has its own downloads.
    const other = await delivered(sale.orderId, second.id);
    expect(other).toMatchObject({ fileName: 'extras.pdf', downloadsUsed: 1, downloadsLimit: 2 });
    const response = await download(other.downloadUrl);
    expect(response.rawPayload.equals(fixture.bytes[1] as Buffer)).toBe(true);

    const row = await transactionOf(fixture.seller.token, sale.purchaseId);
    expect(row.download_count).toBe(3);
    expect(row.last_download_at).not.toBeNull();
  });

  it('lets the seller reset the downloads, keeping the history, and the buyer download again', async () => {
    const [first] = fixture.product.files;
    if (!first) throw new Error('no file');
    const before = await transactionOf(fixture.seller.token, sale.purchaseId);

    const reset = await resetDownloads(fixture.seller.token, sale.purchaseId);
    expect(reset.statusCode, reset.body).toBe(200);
    const { sale: afterReset } = reset.json<ResetSaleDownloadsResponse>();
    expect(afterReset).toMatchObject({
      purchase_id: sale.purchaseId,
      download_count: 0,
      last_download_at: before.last_download_at,
    });

    const again = await delivered(sale.orderId, first.id);
    expect(again.downloadsUsed).toBe(1);
    const response = await download(again.downloadUrl);
    expect(response.rawPayload.equals(fixture.bytes[0] as Buffer)).toBe(true);
    expect((await transactionOf(fixture.seller.token, sale.purchaseId)).download_count).toBe(1);

    const detail = await saleDetail(fixture.seller.token, sale.purchaseId);
    expect(detail.statusCode).toBe(200);
    const body = detail.json<SaleDetail>();
    expect(body.sale).toMatchObject({ purchase_id: sale.purchaseId, download_count: 1 });
    expect(body.refunds).toEqual([]);
    // Four links before the reset, one after; newest first.
    expect(body.deliveries).toHaveLength(4);
    expect(body.deliveries[0]).toMatchObject({ id: again.id, fileId: first.id });
    expect(body.deliveries.map((delivery) => delivery.fileName).sort()).toEqual([
      'extras.pdf',
      koreanName,
      koreanName,
      koreanName,
    ]);
  });

  it("shows the downloads in the sales export's own columns", async () => {
    const response = await t.app.inject({
      url: '/api/products/sales/export?period=all',
      headers: bearer(fixture.seller.token),
    });
    const [header, row] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header?.split(',') ?? [];
    const values = row?.split(',') ?? [];
    expect(values[columns.indexOf('download_count')]).toBe('1');
    expect(values[columns.indexOf('last_download_at')]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });
});

describe('what is not delivered', () => {
  it('refuses a fully refunded or charged back sale with 409 sale_refunded, not a partly refunded one', async () => {
    const { product } = await productWith([{ name: 'a.pdf', bytes: randomBytes(100) }]);
    const fileId = product.files[0]?.id ?? '';
    const refunded = await sell(product.product.id);
    const partly = await sell(product.product.id);
    const chargedBack = await sell(product.product.id);
    expect((await refund(refunded.orderId, 15_000)).statusCode).toBe(201);
    expect((await refund(partly.orderId, 5_000)).statusCode).toBe(201);
    expect((await refund(chargedBack.orderId, 15_000, 'chargeback')).statusCode).toBe(201);

    for (const order of [refunded, chargedBack]) {
      const response = await deliver(order.orderId, fileId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'sale_refunded' });
    }
    expect((await deliver(partly.orderId, fileId)).statusCode).toBe(201);
  });

  it('delivers a free copy bought with a code, which has nothing refunded', async () => {
    const { seller, product } = await productWith([{ name: 'a.pdf', bytes: randomBytes(100) }]);
    const fileId = product.files[0]?.id ?? '';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/discounts',
      headers: bearer(seller.token),
      payload: { code: 'FREE100', kind: 'percent', percent: 100 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = purchase(product.product.id, {
      amount: 0,
      listAmount: 15_000,
      discountCode: 'FREE100',
    });
    const sale = await recordPurchase(t.app, order);

    expect(await delivered(order.orderId, fileId)).toMatchObject({ downloadsUsed: 1 });
    expect(await transactionOf(seller.token, sale.purchaseId)).toMatchObject({ status: 'paid' });
  });

  it('answers 404 not_found for an unknown order and for a file that is not a current file of the order', async () => {
    const { seller, product } = await productWith([
      { name: 'kept.pdf', bytes: randomBytes(100) },
      { name: 'removed.pdf', bytes: randomBytes(100) },
    ]);
    const other = await productWith([{ name: 'other.pdf', bytes: randomBytes(100) }], {}, seller);
    const { orderId, purchaseId } = await sell(product.product.id);
    const [kept, removed] = product.files;
    if (!kept || !removed) throw new Error('two files expected');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.product.id}`,
      headers: bearer(seller.token),
      payload: { title: 'Field guide', deletedFileIds: [removed.id] },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    for (const [order, fileId] of [
      [`order-${randomUUID()}`, kept.id],
      [orderId, removed.id],
      [orderId, other.product.files[0]?.id ?? ''],
      [orderId, randomUUID()],
      [orderId, 'not-a-file-id'],
    ] as const) {
      const response = await deliver(order, fileId);
      expect(response.statusCode, `${order} ${fileId}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    // Nothing was counted by the refusals.
    expect((await transactionOf(seller.token, purchaseId)).download_count).toBe(0);
    expect((await delivered(orderId, kept.id)).downloadsUsed).toBe(1);
  });

  it('still delivers a product deleted after the sale', async () => {
    const bytes = randomBytes(5_000);
    const { seller, product } = await productWith([{ name: 'kept.pdf', bytes }]);
    const { orderId } = await sell(product.product.id);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.product.id}`,
      headers: bearer(seller.token),
    });
    expect(removal.statusCode).toBe(204);
    const delivery = await delivered(orderId, product.files[0]?.id ?? '');
    const response = await download(delivery.downloadUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses an expired link with 403 in the error contract', async () => {
    const { product } = await productWith([{ name: 'late.pdf', bytes: randomBytes(100) }]);
    const { orderId } = await sell(product.product.id);
    // Given 605 s ago: its 600 s are over.
    clockOffsetMs = -605_000;
    let delivery: Delivery;
    try {
      delivery = await delivered(orderId, product.files[0]?.id ?? '');
    } finally {
      clockOffsetMs = 0;
    }
    expect(Date.parse(delivery.expiresAt)).toBeLessThan(Date.now());
    const response = await download(delivery.downloadUrl);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 'upload_url_expired' });
    expect(typeof response.json().error).toBe('string');
  });

  it('refuses an unsigned call with 401', async () => {
    const response = await signedPost(
      t.app,
      '/api/internal/deliveries',
      { orderId: 'order-x', fileId: randomUUID() },
      { signature: null },
    );
    expect(response.statusCode).toBe(401);
  });
});

describe('the download limit', () => {
  it('gives one 201 and only 403s to parallel calls at one below the limit', async () => {
    const { seller, product } = await productWith([{ name: 'race.pdf', bytes: randomBytes(100) }], {
      download_limit: 3,
    });
    const { orderId, purchaseId } = await sell(product.product.id);
    const fileId = product.files[0]?.id ?? '';
    await delivered(orderId, fileId);
    await delivered(orderId, fileId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(orderId, fileId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 403, 403, 403, 403, 403,
    ]);
    expect((await transactionOf(seller.token, purchaseId)).download_count).toBe(3);
    const detail = (await saleDetail(seller.token, purchaseId)).json<SaleDetail>();
    expect(detail.deliveries).toHaveLength(3);
  });

  it('is 5 by default, 0 means unlimited, and the seller changes it on edit', async () => {
    const { seller, product } = await productWith([{ name: 'f.pdf', bytes: randomBytes(100) }]);
    expect(product.product.download_limit).toBe(5);
    const { orderId } = await sell(product.product.id);
    const fileId = product.files[0]?.id ?? '';
    expect((await delivered(orderId, fileId)).downloadsLimit).toBe(5);

    const edit = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.product.id}`,
        headers: bearer(seller.token),
        payload: { title: 'Field guide', ...payload },
      });
    const unlimited = await edit({ download_limit: 0 });
    expect(unlimited.json<ProductDetail>().product.download_limit).toBe(0);
    for (let round = 2; round <= 7; round++) {
      expect(await delivered(orderId, fileId)).toMatchObject({
        downloadsUsed: round,
        downloadsLimit: null,
      });
    }
    // An edit without the field keeps it; a lower limit applies to past sales at once.
    expect((await edit({})).json<ProductDetail>().product.download_limit).toBe(0);
    expect((await edit({ download_limit: 7 })).statusCode).toBe(200);
    expect((await deliver(orderId, fileId)).statusCode).toBe(403);

    const listed = await t.app.inject({
      url: '/api/products/my-products',
      headers: bearer(seller.token),
    });
    expect(listed.json().products[0]).toMatchObject({ download_limit: 7 });
  });

  it('refuses a limit outside 0 to 100 or not whole with 400 downloadLimitInvalid', async () => {
    const { seller, product } = await productWith([{ name: 'f.pdf', bytes: randomBytes(100) }]);
    for (const value of [-1, 101, 2.5, '5', null]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.product.id}`,
        headers: bearer(seller.token),
        payload: { title: 'Field guide', download_limit: value },
      });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'download_limit', code: 'downloadLimitInvalid' }],
      });
    }
  });
});

describe("the seller's view of a sale", () => {
  it('lists the refunds and answers 404 for another seller, a missing or a malformed id', async () => {
    const { seller, product } = await productWith([{ name: 'f.pdf', bytes: randomBytes(100) }]);
    const { orderId, purchaseId } = await sell(product.product.id);
    expect((await refund(orderId, 4_000)).statusCode).toBe(201);
    const detail = (await saleDetail(seller.token, purchaseId)).json<SaleDetail>();
    expect(detail.sale).toMatchObject({ status: 'partially_refunded', refunded_amount: 4_000 });
    expect(detail.refunds).toEqual([
      expect.objectContaining({ kind: 'refund', amount: 4_000, reason: null }),
    ]);

    const stranger = await signUpSeller(t.app);
    for (const id of [purchaseId, randomUUID(), 'not-a-uuid']) {
      const read = await saleDetail(stranger.token, id);
      expect(read.statusCode, id).toBe(404);
      expect(read.json()).toMatchObject({ code: 'not_found' });
      const reset = await resetDownloads(stranger.token, id);
      expect(reset.statusCode, id).toBe(404);
    }
  });
});
