import type { CatalogProductPage } from '@seller/contract/catalog/get-catalog-product';
import type { ProductDetail } from '@seller/contract/products/product';
import type { UpdateProductFileResponse } from '@seller/contract/products/update-product-file';
import type { TransactionsResponse } from '@seller/contract/sales/get-transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sparseUpload } from '../../test/completed-uploads.ts';
import { addVersion, productWithFiles } from '../../test/file-products.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { lockedPdf, pageTexts, testPdf } from '../../test/pdf-files.ts';
import { bearer, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Samples: a PDF's first pages as a PDF of their own (made again for each version), a file
 * given away whole, both listed by the public catalog with unsigned, cacheable URLs that never
 * count a download; sample pages of a file that is not a PDF, or beyond its pages, refused.
 */

const publicUrl = 'https://seller.example.com';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    INTERNAL_API_SECRET: internalSecret,
    PUBLIC_URL: publicUrl,
    CATALOG_ETAG_MEMORY_SECONDS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const setSamples = (
  seller: TestSeller,
  productId: string,
  fileId: string,
  payload: { is_sample?: boolean; sample_pages?: number },
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/files/${fileId}`,
    headers: bearer(seller.token),
    payload,
  });

async function catalogPage(seller: TestSeller, productId: string): Promise<CatalogProductPage> {
  const response = await t.app.inject({
    url: `/api/public/sellers/${seller.nickname}/products/${productId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatalogProductPage>();
}

const fetchSample = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: url.slice(publicUrl.length), headers });

describe('samples', () => {
  it('offer a PDF’s first pages, made again for a new version, without counting a download', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'course.pdf', bytes: await testPdf(6, 'Course v1') },
      { name: 'bonus.zip', bytes: Buffer.from('zip bytes'), type: 'application/zip' },
    ]);
    const [pdfFile, zipFile] = product.files;
    const productId = product.product.id;
    const set = await setSamples(seller, productId, pdfFile?.id ?? '', { sample_pages: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<UpdateProductFileResponse>().file).toMatchObject({
      id: pdfFile?.id,
      sample_pages: 2,
      is_sample: false,
    });
    const given = await setSamples(seller, productId, zipFile?.id ?? '', { is_sample: true });
    expect(given.statusCode, given.body).toBe(200);

    const order = purchase(productId);
    const sale = await recordPurchase(t.app, order);

    const page = await catalogPage(seller, productId);
    expect(page.samples).toEqual([
      {
        id: expect.any(String),
        fileName: 'course.pdf',
        kind: 'pdf_pages',
        pages: 2,
        size: expect.any(Number),
        url: expect.stringMatching(`^${publicUrl}/api/public/samples/`),
      },
      {
        id: expect.any(String),
        fileName: 'bonus.zip',
        kind: 'file',
        pages: null,
        size: 9,
        url: expect.stringMatching(`^${publicUrl}/api/public/samples/`),
      },
    ]);
    const [pages, whole] = page.samples;
    const first = await fetchSample(pages?.url ?? '');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.headers.authorization).toBeUndefined();
    expect(await pageTexts(first.rawPayload)).toEqual(['Course v1 page 1', 'Course v1 page 2']);
    const etag = String(first.headers.etag);
    expect((await fetchSample(pages?.url ?? '', { 'if-none-match': etag })).statusCode).toBe(304);
    const zip = await fetchSample(whole?.url ?? '');
    expect(zip.statusCode).toBe(200);
    expect(zip.body).toBe('zip bytes');

    // A new version makes the sample again, under a new URL; the old one is gone.
    const added = await addVersion(t.app, seller, productId, pdfFile?.id ?? '', {
      name: 'course.pdf',
      bytes: await testPdf(7, 'Course v2'),
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await catalogPage(seller, productId);
    const newPages = after.samples.find((sample) => sample.kind === 'pdf_pages');
    expect(newPages?.url).not.toBe(pages?.url);
    const second = await fetchSample(newPages?.url ?? '');
    expect(await pageTexts(second.rawPayload)).toEqual(['Course v2 page 1', 'Course v2 page 2']);
    expect((await fetchSample(pages?.url ?? '')).statusCode).toBe(404);

    // Reading samples never counted a download of the sale.
    const list = await t.app.inject({
      url: '/api/products/sales/transactions?limit=100',
      headers: bearer(seller.token),
    });
    const row = list
      .json<TransactionsResponse>()
      .transactions.find((transaction) => transaction.purchase_id === sale.purchaseId);
    expect(row?.download_count).toBe(0);

    // Turned off, the samples leave the catalog and their URLs answer 404.
    await setSamples(seller, productId, pdfFile?.id ?? '', { sample_pages: 0 });
    await setSamples(seller, productId, zipFile?.id ?? '', { is_sample: false });
    expect((await catalogPage(seller, productId)).samples).toEqual([]);
    expect((await fetchSample(newPages?.url ?? '')).statusCode).toBe(404);
    expect((await fetchSample(whole?.url ?? '')).statusCode).toBe(404);
  });

  it('serve a file of more than 2 GiB given away whole as it streams', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'intro.pdf', bytes: await testPdf(1, 'Intro') },
    ]);
    if (t.config.storage.driver !== 'local') throw new Error('tests expect the local driver');
    const size = 2_200_000_000;
    const upload = await sparseUpload(t.app, seller.token, t.config.storage.root, {
      name: 'lesson.mp4',
      type: 'video/mp4',
      size,
    });
    const productId = product.product.id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: bearer(seller.token),
      payload: { title: product.product.title, newFiles: [{ s3Key: upload.s3Key }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const video = edited.json<ProductDetail>().files.find((file) => file.file_size === size);
    const given = await setSamples(seller, productId, video?.id ?? '', { is_sample: true });
    expect(given.statusCode, given.body).toBe(200);
    const sample = (await catalogPage(seller, productId)).samples.find(
      (offered) => offered.fileName === 'lesson.mp4',
    );
    expect(sample).toMatchObject({ kind: 'file', size });
    const head = await t.app.inject({
      method: 'HEAD',
      url: (sample?.url ?? '').slice(publicUrl.length),
    });
    expect(head.statusCode, head.body).toBe(200);
    expect(head.headers).toMatchObject({
      'content-length': String(size),
      'content-type': 'video/mp4',
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    expect(String(head.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('refuse a PDF too large to read whole as a version of a file with sample pages', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'book.pdf', bytes: await testPdf(3, 'Book') },
    ]);
    const productId = product.product.id;
    const fileId = product.files[0]?.id ?? '';
    expect((await setSamples(seller, productId, fileId, { sample_pages: 1 })).statusCode).toBe(200);
    if (t.config.storage.driver !== 'local') throw new Error('tests expect the local driver');
    const upload = await sparseUpload(t.app, seller.token, t.config.storage.root, {
      name: 'book.pdf',
      type: 'application/pdf',
      size: 2_200_000_000,
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/files/${fileId}/versions`,
      headers: bearer(seller.token),
      payload: { s3Key: upload.s3Key },
    });
    expect(added.statusCode, added.body).toBe(413);
    expect(added.json()).toMatchObject({
      code: 'file_too_large',
      details: [{ path: 's3Key', code: 'fileTooLarge' }],
    });
    expect((await catalogPage(seller, productId)).files[0]?.version).toBe(1);
  });

  it('refuse sample pages of a file that is not a PDF, beyond its pages, or of a locked PDF', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'short.pdf', bytes: await testPdf(3) },
      { name: 'video.mp4', bytes: Buffer.from('not a pdf'), type: 'video/mp4' },
      { name: 'locked.pdf', bytes: lockedPdf('user-password') },
      { name: 'owner-only.pdf', bytes: lockedPdf('owner-password') },
    ]);
    const productId = product.product.id;
    const [short, video, locked, ownerOnly] = product.files.map((file) => file.id);
    const cases = [
      [short, 4, 400, 'sample_pages_beyond_document'],
      [video, 1, 400, 'sample_pages_not_pdf'],
      [locked, 1, 422, 'pdf_password_protected'],
    ] as const;
    for (const [fileId, pages, status, code] of cases) {
      const response = await setSamples(seller, productId, fileId ?? '', { sample_pages: pages });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
    for (const pages of [21, -1, 1.5]) {
      const response = await setSamples(seller, productId, short ?? '', { sample_pages: pages });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    // Exactly its page count, and an owner-password PDF, are fine.
    expect((await setSamples(seller, productId, short ?? '', { sample_pages: 3 })).statusCode).toBe(
      200,
    );
    expect(
      (await setSamples(seller, productId, ownerOnly ?? '', { sample_pages: 2 })).statusCode,
    ).toBe(200);
    const page = await catalogPage(seller, productId);
    expect(page.samples.map((sample) => [sample.fileName, sample.pages])).toEqual([
      ['short.pdf', 3],
      ['owner-only.pdf', 2],
    ]);
    // A new version too short for the sample is refused, and changes nothing.
    const tooShort = await addVersion(t.app, seller, productId, short ?? '', {
      name: 'short.pdf',
      bytes: await testPdf(2),
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ code: 'sample_pages_beyond_document' });
    expect((await catalogPage(seller, productId)).files[0]?.version).toBe(1);
  });
});
