import { createHash, randomUUID } from 'node:crypto';
import type { CatalogProductPage } from '@seller/contract/catalog/get-catalog-product';
import type { CreatorPage } from '@seller/contract/catalog/get-creator-page';
import type { ProductDetail } from '@seller/contract/products/product';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { localPath, pdf, png, uploadCompleted } from '../../test/completed-uploads.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
/** The app whose clock the tests move: its ETag memory is on (5 s, the default). */
let remembering: TestApp;
let clockMs = Date.parse('2026-11-20T03:00:00Z');

beforeAll(async () => {
  [t, remembering] = await Promise.all([
    // Every revalidation reads the database: what a page shows is checked at once.
    createTestApp({ CATALOG_ETAG_MEMORY_SECONDS: '0' }),
    createTestApp({}, { clock: () => new Date(clockMs) }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), remembering?.close()]);
});

function call(
  app: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

const read = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ url, headers });

/** A product of the seller with its files and thumbnails, made through the real calls. */
async function createProduct(
  app: TestApp,
  seller: TestSeller,
  options: { title?: string; files?: string[]; thumbnails?: string[]; main?: number } = {},
): Promise<ProductDetail> {
  const files = [];
  for (const name of options.files ?? ['guide.pdf']) {
    files.push({ s3Key: (await uploadCompleted(app.app, seller.token, pdf(name))).s3Key });
  }
  const thumbnails = [];
  for (const [index, name] of (options.thumbnails ?? ['cover.png']).entries()) {
    const upload = await uploadCompleted(app.app, seller.token, png(name));
    thumbnails.push({ s3Key: upload.s3Key, is_main: index === options.main });
  }
  const response = await call(app, seller.token, 'POST', '/api/products/create', {
    title: options.title ?? 'A product',
    description: 'What it is.',
    price: 12,
    files,
    thumbnails,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductDetail>();
}

const creatorPath = (nickname: string) => `/api/public/sellers/${nickname}`;
const productPath = (nickname: string, id: string) =>
  `/api/public/sellers/${nickname}/products/${id}`;

function expectNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
}

describe('the creator page', () => {
  let seller: TestSeller;
  const titles: Record<string, string> = {};

  beforeAll(async () => {
    seller = await signUpSeller(t.app);
    const profile = await call(t, seller.token, 'PUT', '/api/auth/profile', {
      nickname: seller.nickname,
      bio: 'I draw maps.',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    for (const name of ['first', 'inactive', 'pending', 'deleted', 'last']) {
      titles[name] = (await createProduct(t, seller, { title: name })).product.id;
    }
    const inactive = await call(t, seller.token, 'PUT', `/api/products/${titles.inactive}`, {
      title: 'inactive',
      status: 'inactive',
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    const deleted = await call(t, seller.token, 'DELETE', `/api/products/${titles.deleted}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    // Under review (PRODUCT_REVIEW=on puts new products there; an operator approves them).
    await t.database.db
      .update(products)
      .set({ status: 'pending' })
      .where(eq(products.id, titles.pending ?? ''));
  });

  it('shows the seller and the active products only, newest first, without anything private', async () => {
    const response = await read(t, creatorPath(seller.nickname));
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<CreatorPage>();
    expect(Object.keys(page).sort()).toEqual(['products', 'seller']);
    expect(Object.keys(page.seller).sort()).toEqual([
      'avatarUrl',
      'bio',
      'id',
      'memberSince',
      'nickname',
    ]);
    expect(page.seller).toMatchObject({
      nickname: seller.nickname,
      bio: 'I draw maps.',
      avatarUrl: null,
    });
    expect(Date.parse(page.seller.memberSince)).toBeLessThanOrEqual(Date.now());
    expect(page.products.map((product) => product.title)).toEqual(['last', 'first']);
    for (const product of page.products) {
      expect(Object.keys(product).sort()).toEqual([
        'created_at',
        'description',
        'file_count',
        'id',
        'price',
        'thumbnail_url',
        'title',
        'updated_at',
      ]);
    }
    // Neither views, sales, revenue, status, emails nor storage keys of files.
    for (const secret of ['view_count', 'sales_count', 'revenue', 'status', seller.email, '.pdf']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("shows the product's main thumbnail, its number of files and its times", async () => {
    const detail = await createProduct(t, seller, {
      title: 'with two images',
      files: ['a.pdf', 'b.pdf'],
      thumbnails: ['side.png', 'front.png'],
      main: 1,
    });
    const page = (await read(t, creatorPath(seller.nickname))).json<CreatorPage>();
    const shown = page.products.find((product) => product.id === detail.product.id);
    const main = detail.thumbnails.find((thumbnail) => thumbnail.is_main === 1);
    expect(shown).toEqual({
      id: detail.product.id,
      title: 'with two images',
      description: 'What it is.',
      price: 12,
      thumbnail_url: main?.s3_url,
      file_count: 2,
      created_at: detail.product.created_at,
      updated_at: detail.product.updated_at,
    });
  });

  it('shows a seller without active products with an empty list', async () => {
    const newcomer = await signUpSeller(t.app);
    const response = await read(t, creatorPath(newcomer.nickname));
    expect(response.statusCode).toBe(200);
    expect(response.json<CreatorPage>()).toMatchObject({
      seller: { nickname: newcomer.nickname, bio: null, avatarUrl: null },
      products: [],
    });
  });

  it("shows the seller's avatar, which another site may show too", async () => {
    const bytes = Buffer.from('a small avatar');
    const started = await call(t, seller.token, 'POST', '/api/auth/avatar-upload-url', {
      fileName: 'me.png',
      fileType: 'image/png',
      fileSize: bytes.length,
    });
    const { uploadUrl, publicUrl, contentType } = started.json<{
      uploadUrl: string;
      publicUrl: string;
      contentType: string;
    }>();
    const put = await t.app.inject({
      method: 'PUT',
      url: localPath(uploadUrl),
      headers: { 'content-type': contentType },
      payload: bytes,
    });
    expect(put.statusCode, put.body).toBe(200);
    const set = await call(t, seller.token, 'PUT', '/api/auth/avatar', { avatarUrl: publicUrl });
    expect(set.statusCode, set.body).toBe(200);

    const page = (await read(t, creatorPath(seller.nickname))).json<CreatorPage>();
    expect(page.seller.avatarUrl).toBe(publicUrl);
    const image = await read(t, localPath(publicUrl));
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(bytes)).toBe(true);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404 not_found for a nickname nobody has', async () => {
    expectNotFound(await read(t, creatorPath('nobody-has-this')));
    expectNotFound(await read(t, creatorPath(seller.nickname.toUpperCase())));
  });
});

describe('a product page', () => {
  let seller: TestSeller;
  let other: TestSeller;
  let detail: ProductDetail;

  beforeAll(async () => {
    [seller, other] = await Promise.all([signUpSeller(t.app), signUpSeller(t.app)]);
    detail = await createProduct(t, seller, {
      title: 'Atlas',
      files: ['one.pdf', 'two.pdf', 'three.pdf'],
      thumbnails: ['back.png', 'front.png', 'inside.png'],
      main: 1,
    });
  });

  it('shows the product, its files in their order and its images main first, without anything private', async () => {
    const response = await read(t, productPath(seller.nickname, detail.product.id));
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<CatalogProductPage>();
    expect(Object.keys(page).sort()).toEqual([
      'files',
      'product',
      'samples',
      'seller',
      'thumbnails',
    ]);
    expect(page.samples).toEqual([]);
    expect(Object.keys(page.seller).sort()).toEqual(['avatarUrl', 'id', 'nickname']);
    expect(Object.keys(page.product).sort()).toEqual([
      'created_at',
      'description',
      'file_count',
      'id',
      'price',
      'thumbnail_url',
      'title',
      'updated_at',
    ]);
    for (const file of page.files) {
      expect(Object.keys(file).sort()).toEqual([
        'file_extension',
        'file_original_name',
        'file_size',
        'file_type',
        'id',
        'is_sample',
        'sample_pages',
        'version',
        'versionLabel',
      ]);
    }
    for (const thumbnail of page.thumbnails) {
      expect(Object.keys(thumbnail).sort()).toEqual([
        'id',
        'image_original_name',
        'is_main',
        's3_url',
      ]);
    }
    expect(page.seller).toEqual({
      id: expect.any(String),
      nickname: seller.nickname,
      avatarUrl: null,
    });
    expect(page.files).toEqual(detail.files);
    expect(page.files.map((file) => file.file_original_name)).toEqual([
      'one.pdf',
      'two.pdf',
      'three.pdf',
    ]);
    expect(page.thumbnails).toEqual(detail.thumbnails);
    expect(page.thumbnails.map((thumbnail) => thumbnail.image_original_name)).toEqual([
      'front.png',
      'back.png',
      'inside.png',
    ]);
    expect(page.product).toMatchObject({
      id: detail.product.id,
      title: 'Atlas',
      file_count: 3,
      thumbnail_url: page.thumbnails[0]?.s3_url,
    });
    // No storage key of a file, no download URL, no counts.
    for (const secret of ['/storage/download/', 'view_count', 'sales_count', 'status']) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("answers 404 for another seller's product, exactly like a missing one", async () => {
    const theirs = await read(t, productPath(other.nickname, detail.product.id));
    const missing = await read(t, productPath(other.nickname, randomUUID()));
    expectNotFound(theirs);
    expect(theirs.body).toBe(missing.body);
    expectNotFound(await read(t, productPath('nobody-has-this', detail.product.id)));
    expectNotFound(await read(t, productPath(seller.nickname, 'not-a-uuid')));
  });

  it('answers 404 for a product that is inactive, under review or deleted, and again once active', async () => {
    const product = await createProduct(t, seller, { title: 'Comes and goes' });
    const path = productPath(seller.nickname, product.product.id);
    expect((await read(t, path)).statusCode).toBe(200);

    const hidden = await call(t, seller.token, 'PUT', `/api/products/${product.product.id}`, {
      title: 'Comes and goes',
      status: 'inactive',
    });
    expect(hidden.statusCode).toBe(200);
    expectNotFound(await read(t, path));

    await t.database.db
      .update(products)
      .set({ status: 'pending' })
      .where(eq(products.id, product.product.id));
    expectNotFound(await read(t, path));

    await t.database.db
      .update(products)
      .set({ status: 'active' })
      .where(eq(products.id, product.product.id));
    expect((await read(t, path)).statusCode).toBe(200);

    await call(t, seller.token, 'DELETE', `/api/products/${product.product.id}`);
    expectNotFound(await read(t, path));
  });
});

describe('a deleted account', () => {
  it('takes the creator page and every product page out of the catalog', async () => {
    const seller = await signUpSeller(t.app);
    const product = await createProduct(t, seller);
    expect((await read(t, creatorPath(seller.nickname))).statusCode).toBe(200);
    const deleted = await call(t, seller.token, 'DELETE', '/api/auth/account', {
      password: seller.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectNotFound(await read(t, creatorPath(seller.nickname)));
    expectNotFound(await read(t, productPath(seller.nickname, product.product.id)));
  });
});

describe('caching', () => {
  let seller: TestSeller;
  let product: ProductDetail;

  beforeAll(async () => {
    seller = await signUpSeller(t.app);
    product = await createProduct(t, seller);
  });

  it('lets anyone cache both reads, with a strong ETag that is a hash of the answer', async () => {
    for (const path of [
      creatorPath(seller.nickname),
      productPath(seller.nickname, product.product.id),
    ]) {
      const response = await read(t, path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(
        'public, max-age=60, stale-while-revalidate=600',
      );
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]{20,}"$/);
      // The same bytes, the same ETag, on any server copy: a hash of the body.
      const again = await read(t, path);
      expect(again.body).toBe(response.body);
      expect(again.headers.etag).toBe(etag);
      const digest = createHash('sha256').update(response.rawPayload).digest('base64url');
      expect(etag).toBe(`"${digest.slice(0, 27)}"`);
    }
  });

  it('answers If-None-Match with the current ETag 304 without a body', async () => {
    const path = productPath(seller.nickname, product.product.id);
    const first = await read(t, path);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await read(t, path, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe(
        'public, max-age=60, stale-while-revalidate=600',
      );
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    const stale = await read(t, path, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('gives the page a new ETag when what it shows changes', async () => {
    const path = creatorPath(seller.nickname);
    const before = await read(t, path);
    const edit = await call(t, seller.token, 'PUT', `/api/products/${product.product.id}`, {
      title: 'A new title',
    });
    expect(edit.statusCode).toBe(200);
    const after = await read(t, path, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<CreatorPage>().products[0]?.title).toBe('A new title');
  });

  it('keeps the same ETag when only views and sales change, which the catalog does not show', async () => {
    const path = productPath(seller.nickname, product.product.id);
    const before = await read(t, path);
    await t.database.db
      .update(products)
      .set({ viewCount: 1234 })
      .where(eq(products.id, product.product.id));
    const after = await read(t, path, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(304);
  });

  it('keeps an error uncached', async () => {
    const response = await read(t, creatorPath('nobody-has-this'));
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('the ETag memory of a server copy', () => {
  it('answers a revalidation from the ETag it served for a few seconds, then reads the page again', async () => {
    const seller = await signUpSeller(remembering.app);
    const product = await createProduct(remembering, seller);
    const path = productPath(seller.nickname, product.product.id);
    const first = await read(remembering, path);
    const etag = String(first.headers.etag);

    await call(remembering, seller.token, 'PUT', `/api/products/${product.product.id}`, {
      title: 'Renamed',
    });
    // Within the memory's 5 s the copy trusts the ETag it served: no read, a 304.
    clockMs += 4_000;
    const remembered = await read(remembering, path, { 'if-none-match': etag });
    expect(remembered.statusCode).toBe(304);
    // A full read always reads the page.
    const full = await read(remembering, path);
    expect(full.json<CatalogProductPage>().product.title).toBe('Renamed');
    const renamed = String(full.headers.etag);
    expect(renamed).not.toBe(etag);
    // The old ETag no longer matches what was served last.
    expect((await read(remembering, path, { 'if-none-match': etag })).statusCode).toBe(200);

    await call(remembering, seller.token, 'PUT', `/api/products/${product.product.id}`, {
      title: 'Renamed again',
    });
    clockMs += 5_001;
    const reread = await read(remembering, path, { 'if-none-match': renamed });
    expect(reread.statusCode).toBe(200);
    expect(reread.json<CatalogProductPage>().product.title).toBe('Renamed again');
  });

  it('forgets a page that is no longer in the catalog', async () => {
    const seller = await signUpSeller(remembering.app);
    const product = await createProduct(remembering, seller);
    const path = productPath(seller.nickname, product.product.id);
    const etag = String((await read(remembering, path)).headers.etag);
    await call(remembering, seller.token, 'DELETE', `/api/products/${product.product.id}`);
    expectNotFound(await read(remembering, path));
    expectNotFound(await read(remembering, path, { 'if-none-match': etag }));
  });
});

describe('cross-origin reads', () => {
  let withOrigins: TestApp;
  let seller: TestSeller;
  let product: ProductDetail;
  const memberSite = 'https://member.example.com';

  beforeAll(async () => {
    withOrigins = await createTestApp({ CORS_ORIGINS: memberSite });
    seller = await signUpSeller(withOrigins.app);
    product = await createProduct(withOrigins, seller);
  });
  afterAll(async () => {
    await withOrigins?.close();
  });

  const paths = () => [
    creatorPath(seller.nickname),
    productPath(seller.nickname, product.product.id),
  ];

  it('lets every origin read the catalog, whatever CORS_ORIGINS lists', async () => {
    for (const app of [t, withOrigins]) {
      const owner = app === t ? await signUpSeller(t.app) : seller;
      const path = creatorPath(owner.nickname);
      for (const origin of [memberSite, 'https://anyone.example.org']) {
        const response = await read(app, path, { origin });
        expect(response.statusCode).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBe('*');
        expect(response.headers['access-control-expose-headers']).toBe('ETag');
        expect(response.headers['access-control-allow-credentials']).toBeUndefined();
        // The answer is the same for every origin: nothing for a cache to keep apart.
        expect(response.headers.vary).toBeUndefined();
        expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      }
    }
  });

  it('answers the preflight of any origin on both reads', async () => {
    for (const path of paths()) {
      const response = await withOrigins.app.inject({
        method: 'OPTIONS',
        url: path,
        headers: {
          origin: 'https://anyone.example.org',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect(response.statusCode, path).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD');
      expect(response.headers['access-control-allow-headers']).toBe('if-none-match');
    }
    const sameOriginOnly = await t.app.inject({
      method: 'OPTIONS',
      url: creatorPath(seller.nickname),
      headers: { origin: 'https://anyone.example.org', 'access-control-request-method': 'GET' },
    });
    expect(sameOriginOnly.statusCode).toBe(204);
    expect(sameOriginOnly.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps the seller API to the listed origins', async () => {
    const listed = await withOrigins.app.inject({
      url: '/api/products/my-products',
      headers: { ...bearer(seller.token), origin: memberSite },
    });
    expect(listed.headers['access-control-allow-origin']).toBe(memberSite);
    const other = await withOrigins.app.inject({
      url: '/api/products/my-products',
      headers: { ...bearer(seller.token), origin: 'https://anyone.example.org' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const ask = await withOrigins.app.inject({
      method: 'OPTIONS',
      url: '/api/products/my-products',
      headers: { origin: 'https://anyone.example.org', 'access-control-request-method': 'GET' },
    });
    expect(ask.statusCode).toBe(404);
    expect(ask.headers['access-control-allow-origin']).toBeUndefined();
    // Without CORS_ORIGINS, no other site reads the seller API.
    const none = await t.app.inject({
      url: '/api/health',
      headers: { origin: memberSite },
    });
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
  });
});
