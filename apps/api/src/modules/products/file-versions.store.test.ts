import type { S3Client } from '@aws-sdk/client-s3';
import type { CatalogProductPage } from '@seller/contract/catalog/get-catalog-product';
import type { ListFileVersionsResponse } from '@seller/contract/products/list-file-versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addVersion,
  delivered,
  downloadBytes,
  productWithFiles,
} from '../../test/file-products.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { pageTexts, testPdf } from '../../test/pdf-files.ts';
import {
  adminClient,
  createTestBucket,
  dropTestBucket,
  s3Settings,
  s3TestStore,
} from '../../test/s3-test-store.ts';
import { bearer } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Versions, samples and stamped copies with the S3 driver, against a real S3 store. */

const publicUrl = 'https://seller.example.com';
const store = s3TestStore();
let client: S3Client;
let bucket: string;
let t: TestApp;

beforeAll(async () => {
  client = adminClient(store);
  bucket = await createTestBucket(client, ['http://localhost:5173']);
  t = await createTestApp({
    ...s3Settings(store, bucket),
    INTERNAL_API_SECRET: internalSecret,
    PUBLIC_URL: publicUrl,
    CATALOG_ETAG_MEMORY_SECONDS: '0',
  });
  if (t.config.storage.driver !== 's3') throw new Error('s3 driver expected');
});
afterAll(async () => {
  await t?.close();
  if (bucket) await dropTestBucket(client, bucket);
  client?.destroy();
});

describe('file versions on S3', () => {
  it('serve the newest version stamped, list both, and offer its sample pages', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'guide.pdf', bytes: await testPdf(4, 'Guide v1') },
    ]);
    const productId = product.product.id;
    const fileId = product.files[0]?.id ?? '';
    const stamp = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: bearer(seller.token),
      payload: { title: product.product.title, pdf_stamp: true },
    });
    expect(stamp.statusCode, stamp.body).toBe(200);
    const samples = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/files/${fileId}`,
      headers: bearer(seller.token),
      payload: { sample_pages: 1 },
    });
    expect(samples.statusCode, samples.body).toBe(200);
    const order = purchase(productId);
    await recordPurchase(t.app, order);
    const first = await delivered(t.app, order.orderId, fileId);
    expect(first).toMatchObject({ version: 1, stamped: true });
    const firstTexts = await pageTexts(await downloadBytes(t.app, first.downloadUrl, publicUrl));
    expect(firstTexts[3]).toContain('Guide v1 page 4');
    expect(firstTexts[3]).toContain(order.orderId);

    const added = await addVersion(t.app, seller, productId, fileId, {
      name: 'guide.pdf',
      bytes: await testPdf(5, 'Guide v2'),
    });
    expect(added.statusCode, added.body).toBe(201);
    const second = await delivered(t.app, order.orderId, fileId);
    expect(second).toMatchObject({ version: 2, stamped: true });
    const secondTexts = await pageTexts(await downloadBytes(t.app, second.downloadUrl, publicUrl));
    expect(secondTexts).toHaveLength(5);
    expect(secondTexts[0]).toContain('Guide v2 page 1');
    expect(secondTexts[0]).toContain(order.orderId);

    const listed = await t.app.inject({
      url: `/api/products/${productId}/files/${fileId}/versions`,
      headers: bearer(seller.token),
    });
    expect(
      listed.json<ListFileVersionsResponse>().versions.map((version) => version.number),
    ).toEqual([2, 1]);

    const page = await t.app.inject({
      url: `/api/public/sellers/${seller.nickname}/products/${productId}`,
    });
    const [sample] = page.json<CatalogProductPage>().samples;
    expect(sample).toMatchObject({ kind: 'pdf_pages', pages: 1 });
    const bytes = await t.app.inject({ url: (sample?.url ?? '').slice(publicUrl.length) });
    expect(bytes.statusCode).toBe(200);
    expect(await pageTexts(bytes.rawPayload)).toEqual(['Guide v2 page 1']);
  });
});
