import { createHash, randomUUID } from 'node:crypto';
import { webhookPayloadSchema } from '@seller/contract/developer/webhook';
import type { CreateFileVersionResponse } from '@seller/contract/products/create-file-version';
import type { ListFileVersionsResponse } from '@seller/contract/products/list-file-versions';
import type { ProductDetail } from '@seller/contract/products/product';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFileVersions, webhookDeliveries } from '../../db/schema.ts';
import { createStorage } from '../../storage/create-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { sparseUpload } from '../../test/completed-uploads.ts';
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
import { sellerIdOf } from '../../test/seller-fixtures.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A product file's versions: a new one from the usual upload calls, the file carrying its
 * number and label, deliveries serving the newest and saying which, every version kept and
 * listed with its downloads and buyers, the webhook told.
 */

const publicUrl = 'https://seller.example.com';
let t: TestApp;
let storage: Storage;

beforeAll(async () => {
  t = await createTestApp({
    INTERNAL_API_SECRET: internalSecret,
    PUBLIC_URL: publicUrl,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
  });
  storage = await createStorage(t.config.storage);
});
afterAll(async () => {
  await t.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = (text: string) => Buffer.from(`${text} ${randomUUID()}`);

const versionsOf = (seller: TestSeller, productId: string, fileId: string) =>
  t.app.inject({
    url: `/api/products/${productId}/files/${fileId}/versions`,
    headers: bearer(seller.token),
  });

const productOf = async (seller: TestSeller, productId: string) => {
  const response = await t.app.inject({
    url: `/api/products/${productId}`,
    headers: bearer(seller.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProductDetail>();
};

/** The SHA-256 of 2,200,000,000 zero bytes (`head -c 2200000000 /dev/zero | sha256sum`). */
const zeros2200MbSha256 = '5a937555b4853ad95365d9b319cf96579dfd4264b20bffb6d3745bea02adf31d';

describe('file versions', () => {
  it('add a version of more than 2 GiB, hashed as it is read', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'course.zip', bytes: bytesOf('small edition'), type: 'application/zip' },
    ]);
    const fileId = product.files[0]?.id ?? '';
    if (t.config.storage.driver !== 'local') throw new Error('tests expect the local driver');
    const size = 2_200_000_000;
    const upload = await sparseUpload(t.app, seller.token, t.config.storage.root, {
      name: 'course-full.zip',
      type: 'application/zip',
      size,
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.product.id}/files/${fileId}/versions`,
      headers: bearer(seller.token),
      payload: { s3Key: upload.s3Key },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<CreateFileVersionResponse>().version).toMatchObject({
      number: 2,
      file_size: size,
      sha256: zeros2200MbSha256,
    });
  }, 60_000);

  it('serve the newest version, keep and list every one with its downloads and buyers', async () => {
    const first = bytesOf('edition one');
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'planner.zip', bytes: first, type: 'application/zip' },
    ]);
    const fileId = product.files[0]?.id ?? '';
    expect(product.files[0]).toMatchObject({ version: 1, versionLabel: null });

    const early = purchase(product.product.id);
    await recordPurchase(t.app, early);
    const firstDelivery = await delivered(t.app, early.orderId, fileId);
    expect(firstDelivery).toMatchObject({ version: 1, stamped: false, size: first.length });
    expect(await downloadBytes(t.app, firstDelivery.downloadUrl, publicUrl)).toEqual(first);

    const second = bytesOf('edition two, with more pages');
    const added = await addVersion(
      t.app,
      seller,
      product.product.id,
      fileId,
      { name: 'planner-2.zip', bytes: second, type: 'application/zip' },
      { label: '2026 edition', changelog: 'Adds the second half of the year.' },
    );
    expect(added.statusCode, added.body).toBe(201);
    const { version } = added.json<CreateFileVersionResponse>();
    expect(version).toMatchObject({
      number: 2,
      label: '2026 edition',
      changelog: 'Adds the second half of the year.',
      file_original_name: 'planner-2.zip',
      file_size: second.length,
      sha256: sha256(second),
    });

    const after = await productOf(seller, product.product.id);
    expect(after.files[0]).toMatchObject({
      id: fileId,
      version: 2,
      versionLabel: '2026 edition',
      file_original_name: 'planner-2.zip',
      file_size: second.length,
    });

    // The early buyer and a new one both get the new version.
    const again = await delivered(t.app, early.orderId, fileId);
    expect(again).toMatchObject({ version: 2, fileName: 'planner-2.zip', size: second.length });
    expect(await downloadBytes(t.app, again.downloadUrl, publicUrl)).toEqual(second);
    const late = purchase(product.product.id);
    await recordPurchase(t.app, late);
    await delivered(t.app, late.orderId, fileId);
    await delivered(t.app, late.orderId, fileId);

    const listed = await versionsOf(seller, product.product.id, fileId);
    expect(listed.statusCode, listed.body).toBe(200);
    const { versions } = listed.json<ListFileVersionsResponse>();
    expect(versions.map((row) => [row.number, row.downloads, row.buyersWithIt])).toEqual([
      [2, 3, 2],
      [1, 1, 1],
    ]);
    // The first version's hash was taken when it was first delivered.
    expect(versions[1]?.sha256).toBe(sha256(first));

    // The first version is still stored.
    const rows = await t.database.db
      .select()
      .from(productFileVersions)
      .where(eq(productFileVersions.fileId, fileId));
    const oldKey = rows.find((row) => row.number === 1)?.storageKey ?? '';
    expect(Buffer.from((await storage.read(oldKey)) ?? [])).toEqual(first);
  });

  it('count a fully refunded buyer no longer among those who have a version', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'planner.pdf', bytes: bytesOf('edition one') },
    ]);
    const fileId = product.files[0]?.id ?? '';
    const kept = purchase(product.product.id, { amount: 10_000 });
    const partly = purchase(product.product.id, { amount: 10_000 });
    const refunded = purchase(product.product.id, { amount: 10_000 });
    for (const order of [kept, partly, refunded]) {
      await recordPurchase(t.app, order);
      await delivered(t.app, order.orderId, fileId);
    }
    // Two refunds empty one sale; the other keeps a part of its amount.
    for (const [order, amount] of [
      [refunded, 4_000],
      [refunded, 6_000],
      [partly, 9_999],
    ] as const) {
      const response = await signedPost(t.app, '/api/internal/refunds', {
        refundId: `refund-${randomUUID()}`,
        orderId: order.orderId,
        amount,
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    const { versions } = (
      await versionsOf(seller, product.product.id, fileId)
    ).json<ListFileVersionsResponse>();
    expect(versions.map((row) => [row.number, row.downloads, row.buyersWithIt])).toEqual([
      [1, 3, 2],
    ]);
    // The buyers it is measured against leave out the same sale.
    expect((await productOf(seller, product.product.id)).product.sales_count).toBe(2);
  });

  it('tell the webhook which file has a new version, with its changelog', async () => {
    const seller = await signUpSeller(t.app);
    const hook = await t.app.inject({
      method: 'PUT',
      url: '/api/webhook',
      headers: bearer(seller.token),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['product.updated'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const { product } = await productWithFiles(
      t.app,
      [{ name: 'a.pdf', bytes: bytesOf('a') }],
      seller,
    );
    const fileId = product.files[0]?.id ?? '';
    const added = await addVersion(
      t.app,
      seller,
      product.product.id,
      fileId,
      {
        name: 'a.pdf',
        bytes: bytesOf('b'),
      },
      { changelog: 'Typos fixed.' },
    );
    expect(added.statusCode, added.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sellerId, sellerIdOf(seller.token)));
    expect(rows).toHaveLength(1);
    const payload = webhookPayloadSchema.parse(JSON.parse(rows[0]?.body ?? ''));
    expect(payload.type).toBe('product.updated');
    expect(payload.data).toMatchObject({
      product: { id: product.product.id },
      file: { id: fileId, version: 2, label: null, changelog: 'Typos fixed.' },
    });
  });

  it("answer another seller's product or file, and malformed ids, like missing ones", async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'a.pdf', bytes: bytesOf('a') },
    ]);
    const other = await signUpSeller(t.app);
    const fileId = product.files[0]?.id ?? '';
    for (const [who, productId, file] of [
      [other, product.product.id, fileId],
      [seller, product.product.id, randomUUID()],
      [seller, 'not-a-uuid', fileId],
      [seller, product.product.id, 'not-a-uuid'],
    ] as const) {
      const listed = await versionsOf(who, productId, file);
      expect(listed.statusCode).toBe(404);
      const added = await addVersion(t.app, who, productId, file, {
        name: 'b.pdf',
        bytes: bytesOf('b'),
      });
      expect(added.statusCode).toBe(404);
    }
    // Nothing was added.
    const { versions } = (
      await versionsOf(seller, product.product.id, fileId)
    ).json<ListFileVersionsResponse>();
    expect(versions).toHaveLength(1);
  });

  it("refuse another seller's upload and an image as a version, adding nothing", async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'a.pdf', bytes: bytesOf('a') },
    ]);
    const other = await signUpSeller(t.app);
    const { uploadCompleted, png } = await import('../../test/completed-uploads.ts');
    const theirs = await uploadCompleted(t.app, other.token, {
      name: 'x.pdf',
      type: 'application/pdf',
    });
    const image = await uploadCompleted(t.app, seller.token, png());
    const fileId = product.files[0]?.id ?? '';
    for (const s3Key of [theirs.s3Key, image.s3Key]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/products/${product.product.id}/files/${fileId}/versions`,
        headers: bearer(seller.token),
        payload: { s3Key },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'upload_not_found' });
    }
    expect((await productOf(seller, product.product.id)).files[0]?.version).toBe(1);
  });
});
