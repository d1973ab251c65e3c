import { randomUUID } from 'node:crypto';
import { createProductEndpoint } from '@seller/contract/products/create-product';
import { deleteProductEndpoint } from '@seller/contract/products/delete-product';
import { getDownloadUrlEndpoint } from '@seller/contract/products/get-download-url';
import { getProductEndpoint } from '@seller/contract/products/get-product';
import { getProductStatsEndpoint } from '@seller/contract/products/get-product-stats';
import { listMyProductsEndpoint } from '@seller/contract/products/list-my-products';
import type { ProductDetail } from '@seller/contract/products/product';
import { updateProductEndpoint } from '@seller/contract/products/update-product';
import { count, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFiles, products, productThumbnails, uploads } from '../../db/schema.ts';
import {
  localPath,
  pdf,
  png,
  startUpload,
  type TestUpload,
  uploadCompleted,
} from '../../test/completed-uploads.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createProductRepository } from './products.repository.ts';
import { approveProduct } from './products.service.ts';

let t: TestApp;
let alice: TestSeller;
let bob: TestSeller;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([signUpSeller(t.app), signUpSeller(t.app)]);
});
afterAll(async () => {
  await t.close();
});

function call(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const upload = (seller: TestSeller, file: Parameters<typeof uploadCompleted>[2]) =>
  uploadCompleted(t.app, seller.token, file);

async function uploads_(seller: TestSeller, files: number, thumbnails: number) {
  const fileUploads = await Promise.all(
    Array.from({ length: files }, (_, index) => upload(seller, pdf(`file-${index + 1}.pdf`))),
  );
  const thumbnailUploads = await Promise.all(
    Array.from({ length: thumbnails }, (_, index) => upload(seller, png(`image-${index + 1}.png`))),
  );
  return { files: fileUploads, thumbnails: thumbnailUploads };
}

const refs = (items: TestUpload[]) => items.map((item) => ({ s3Key: item.s3Key }));

async function createFor(
  seller: TestSeller,
  options: { files?: number; thumbnails?: number; title?: string; price?: number } = {},
) {
  const made = await uploads_(seller, options.files ?? 1, options.thumbnails ?? 1);
  const response = await call(seller.token, 'POST', '/api/products/create', {
    title: options.title ?? 'A product',
    description: 'About it',
    price: options.price ?? 25,
    files: made.files,
    thumbnails: made.thumbnails,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return { detail: response.json<ProductDetail>(), ...made };
}

async function rowCounts() {
  const db = t.database.db;
  const [[p], [f], [th], [attached]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(productFiles),
    db.select({ n: count() }).from(productThumbnails),
    db.select({ n: count() }).from(uploads).where(isNotNull(uploads.attachedAt)),
  ]);
  return {
    products: p?.n ?? 0,
    files: f?.n ?? 0,
    thumbnails: th?.n ?? 0,
    attachedUploads: attached?.n ?? 0,
  };
}

describe('POST /api/products/create', () => {
  it('creates a product from two files and two thumbnails, with every response field', async () => {
    const made = await uploads_(alice, 2, 2);
    const response = await call(alice.token, 'POST', '/api/products/create', {
      title: '  My course  ',
      description: 'Learn things',
      price: 49,
      files: made.files,
      thumbnails: made.thumbnails,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<ProductDetail>();
    expect(Object.keys(body.product).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'price',
        'status',
        'created_at',
        'updated_at',
        'view_count',
        'sales_count',
        'file_count',
        'thumbnail_url',
        'download_limit',
        'pdf_stamp',
      ].sort(),
    );
    expect(body.product).toMatchObject({
      title: 'My course',
      description: 'Learn things',
      price: 49,
      status: 'active',
      view_count: 0,
      sales_count: 0,
      file_count: 2,
      thumbnail_url: made.thumbnails[0]?.publicUrl,
      download_limit: 5,
      pdf_stamp: false,
    });
    expect(new Date(body.product.created_at).toISOString()).toBe(body.product.created_at);
    expect(body.files).toEqual(
      made.files.map((file) => ({
        id: expect.any(String),
        file_original_name: file.originalName,
        file_extension: 'pdf',
        file_size: file.size,
        file_type: 'application/pdf',
        version: 1,
        versionLabel: null,
        is_sample: false,
        sample_pages: 0,
      })),
    );
    expect(body.thumbnails).toEqual(
      made.thumbnails.map((thumbnail, index) => ({
        id: expect.any(String),
        s3_url: thumbnail.publicUrl,
        image_original_name: thumbnail.originalName,
        is_main: index === 0 ? 1 : 0,
      })),
    );
    const again = await call(alice.token, 'GET', `/api/products/${body.product.id}`);
    expect(again.json()).toEqual(body);
  });

  it('makes the thumbnail marked is_main the main one (boolean or 1)', async () => {
    for (const mark of [true, 1]) {
      const made = await uploads_(alice, 1, 3);
      const response = await call(alice.token, 'POST', '/api/products/create', {
        title: 'Marked',
        price: 5,
        files: made.files,
        thumbnails: made.thumbnails.map((thumbnail, index) => ({
          ...thumbnail,
          ...(index === 1 ? { is_main: mark } : {}),
        })),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<ProductDetail>();
      expect(body.thumbnails.filter((thumbnail) => thumbnail.is_main === 1)).toHaveLength(1);
      expect(body.thumbnails[0]).toMatchObject({
        is_main: 1,
        s3_url: made.thumbnails[1]?.publicUrl,
      });
      expect(body.product.thumbnail_url).toBe(made.thumbnails[1]?.publicUrl);
    }
  });

  it('takes names, sizes and types from the upload record and ignores unknown fields', async () => {
    const made = await uploads_(alice, 1, 1);
    const [file] = made.files;
    const [thumbnail] = made.thumbnails;
    if (!file || !thumbnail) throw new Error('no uploads');
    const response = await call(alice.token, 'POST', '/api/products/create', {
      title: 'Honest',
      price: 10,
      description: 'x',
      files: [
        {
          s3Key: file.s3Key,
          bucket: 'someone-elses-bucket',
          originalName: 'evil.exe',
          size: 1,
          type: 'text/html',
          publicUrl: 'https://evil.example/x',
        },
      ],
      thumbnails: [{ s3Key: thumbnail.s3Key, publicUrl: 'https://evil.example/x.png', s3Url: 'x' }],
      sellerId: bob.token,
      seller_id: randomUUID(),
      id: randomUUID(),
      status: 'pending',
      sales_count: 999,
      view_count: 999,
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<ProductDetail>();
    expect(body.product).toMatchObject({ status: 'active', sales_count: 0, view_count: 0 });
    expect(body.product.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    expect(body.files[0]).toMatchObject({
      file_original_name: file.originalName,
      file_size: file.size,
      file_type: 'application/pdf',
    });
    expect(body.thumbnails[0]?.s3_url).toBe(thumbnail.publicUrl);
    const bobsList = await call(bob.token, 'GET', '/api/products/my-products');
    expect(bobsList.json<{ products: { id: string }[] }>().products.map((p) => p.id)).not.toContain(
      body.product.id,
    );
  });

  it('accepts a 200-character title, a 10,000-character description and the maximum price', async () => {
    const made = await uploads_(alice, 10, 5);
    const response = await call(alice.token, 'POST', '/api/products/create', {
      title: 'x'.repeat(200),
      description: 'd'.repeat(10_000),
      price: 1_000_000,
      files: made.files,
      thumbnails: made.thumbnails,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<ProductDetail>().product.file_count).toBe(10);
    expect(response.json<ProductDetail>().thumbnails).toHaveLength(5);
  });

  describe('refuses bad input with 400 and writes nothing', () => {
    let base: { files: TestUpload[]; thumbnails: TestUpload[] };
    beforeAll(async () => {
      base = await uploads_(alice, 2, 1);
    });
    const valid = () => ({
      title: 'Valid',
      description: 'fine',
      price: 10,
      files: refs(base.files),
      thumbnails: refs(base.thumbnails),
    });
    const fakeKeys = (n: number, ext: string) =>
      Array.from({ length: n }, (_, i) => ({ s3Key: `sellers/x/${randomUUID()}-${i}.${ext}` }));

    it.each([
      ['a blank title', { title: '   ' }, 'title', 'titleRequired'],
      ['a missing title', { title: undefined }, 'title', 'titleRequired'],
      ['a 201-character title', { title: 'x'.repeat(201) }, 'title', 'titleTooLong'],
      [
        'a too long description',
        { description: 'd'.repeat(10_001) },
        'description',
        'descriptionTooLong',
      ],
      ['price 0', { price: 0 }, 'price', 'priceInvalid'],
      ['price -1', { price: -1 }, 'price', 'priceInvalid'],
      ['price 1.5', { price: 1.5 }, 'price', 'priceInvalid'],
      ['price "10"', { price: '10' }, 'price', 'priceRequired'],
      ['a huge price', { price: 1e15 }, 'price', 'priceTooHigh'],
      ['a missing price', { price: undefined }, 'price', 'priceRequired'],
      ['no files', { files: [] }, 'files', 'fileRequired'],
      ['missing files', { files: undefined }, 'files', 'fileRequired'],
      ['11 files', { files: fakeKeys(11, 'pdf') }, 'files', 'tooManyFiles'],
      ['no thumbnails', { thumbnails: [] }, 'thumbnails', 'thumbnailRequired'],
      ['6 thumbnails', { thumbnails: fakeKeys(6, 'png') }, 'thumbnails', 'maxImages'],
    ])('%s', async (_name, change, path, code) => {
      const before = await rowCounts();
      const response = await call(alice.token, 'POST', '/api/products/create', {
        ...valid(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<{ code: string; details: { path: string; code: string }[] }>();
      expect(body.code).toBe('validation_failed');
      expect(body.details).toContainEqual(expect.objectContaining({ path, code }));
      expect(await rowCounts()).toEqual(before);
    });

    it.each([
      ['a files item that is not an object', { files: ['abc'] }],
      ['a key that is not a string', { files: [{ s3Key: 42 }] }],
      ['two main thumbnails', { thumbnails: [] as unknown[] }],
      ['the same upload twice', { files: [] as unknown[] }],
    ])('%s', async (name, change) => {
      const payload: Record<string, unknown> = { ...valid(), ...change };
      if (name === 'two main thumbnails') {
        const extra = await upload(alice, png('second.png'));
        payload.thumbnails = [
          { s3Key: base.thumbnails[0]?.s3Key, is_main: true },
          { s3Key: extra.s3Key, is_main: 1 },
        ];
      }
      if (name === 'the same upload twice') payload.files = [base.files[0], base.files[0]];
      const before = await rowCounts();
      const response = await call(alice.token, 'POST', '/api/products/create', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(await rowCounts()).toEqual(before);
    });

    it('malformed JSON is a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers: { ...bearer(alice.token), 'content-type': 'application/json' },
        payload: '{"title": "x", ',
      });
      expect(response.statusCode).toBe(400);
    });

    describe('uploads that cannot be attached', () => {
      type Case = [string, () => Promise<Record<string, unknown>>, string?];
      const cases: Case[] = [
        [
          "another seller's upload",
          async () => ({
            files: [...refs(base.files), { s3Key: (await upload(bob, pdf())).s3Key }],
          }),
        ],
        [
          'a made-up key',
          async () => ({ files: [{ s3Key: `sellers/${randomUUID()}/made-up.pdf` }] }),
        ],
        [
          'an upload whose bytes were never sent',
          async () => {
            const started = await startUpload(t.app, alice.token, {
              name: 'pending.pdf',
              type: 'application/pdf',
              bytes: Buffer.from('never sent'),
              isImage: false,
            });
            return { files: [{ s3Key: started.s3Key }] };
          },
          'upload_incomplete',
        ],
        [
          'an upload already attached to another product',
          async () => {
            const other = await createFor(alice);
            return { files: [...refs(base.files), { s3Key: other.files[0]?.s3Key }] };
          },
        ],
        [
          'a product file used as a thumbnail',
          async () => ({
            thumbnails: refs(base.files.slice(0, 1)),
            files: refs(base.files.slice(1)),
          }),
        ],
        [
          'a thumbnail used as a product file',
          async () => ({
            files: refs(base.thumbnails),
            thumbnails: [{ s3Key: (await upload(alice, png())).s3Key }],
          }),
        ],
      ];

      it.each(cases)('%s', async (_name, change, code = 'upload_not_found') => {
        const payload = { ...valid(), ...(await change()) };
        const before = await rowCounts();
        const response = await call(alice.token, 'POST', '/api/products/create', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code });
        expect(await rowCounts()).toEqual(before);
      });

      it('left the valid uploads of the refused requests free to use', async () => {
        const response = await call(alice.token, 'POST', '/api/products/create', valid());
        expect(response.statusCode).toBe(201);
      });
    });
  });
});

describe('concurrent requests', () => {
  it('attaches an upload once when two creates race for it', async () => {
    const made = await uploads_(alice, 1, 1);
    const payload = { title: 'race', price: 5, files: made.files, thumbnails: made.thumbnails };
    const responses = await Promise.all(
      [1, 2].map(() => call(alice.token, 'POST', '/api/products/create', payload)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
  });

  it('never leaves a product without files when two updates race to remove them', async () => {
    const { detail } = await createFor(alice, { files: 2 });
    const responses = await Promise.all(
      detail.files.map((file) =>
        call(alice.token, 'PUT', `/api/products/${detail.product.id}`, {
          title: 'race',
          deletedFileIds: [file.id],
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const after = await call(alice.token, 'GET', `/api/products/${detail.product.id}`);
    expect(after.json<ProductDetail>().files).toHaveLength(1);
  });
});

describe('GET /api/products/my-products and stats', () => {
  it('lists own products newest first, without deleted ones, with file count and main thumbnail', async () => {
    const carol = await signUpSeller(t.app);
    const first = await createFor(carol, { title: 'first', files: 3, thumbnails: 2 });
    const second = await createFor(carol, { title: 'second' });
    const third = await createFor(carol, { title: 'third' });
    await createFor(bob, { title: 'not carol' });
    expect(
      (await call(carol.token, 'DELETE', `/api/products/${second.detail.product.id}`)).statusCode,
    ).toBe(204);

    const response = await call(carol.token, 'GET', '/api/products/my-products');
    expect(response.statusCode).toBe(200);
    const listed = response.json<{ products: ProductDetail['product'][] }>().products;
    expect(listed.map((product) => product.title)).toEqual(['third', 'first']);
    // Every field of the product, and its revenue (none yet).
    expect(listed[1]).toEqual({ ...first.detail.product, revenue: 0, net_revenue: 0 });
    expect(listed[1]).toMatchObject({
      file_count: 3,
      thumbnail_url: first.thumbnails[0]?.publicUrl,
    });
    expect(listed[0]?.id).toBe(third.detail.product.id);
  });

  it('counts products without deleted ones, active apart', async () => {
    const dave = await signUpSeller(t.app);
    const empty = await call(dave.token, 'GET', '/api/products/stats/products');
    expect(empty.json()).toEqual({ totalProducts: 0, activeProducts: 0 });
    const a = await createFor(dave);
    const b = await createFor(dave);
    await createFor(dave);
    const edit = await call(dave.token, 'PUT', `/api/products/${a.detail.product.id}`, {
      title: 'off',
      status: 'inactive',
    });
    expect(edit.statusCode).toBe(200);
    await call(dave.token, 'DELETE', `/api/products/${b.detail.product.id}`);
    const stats = await call(dave.token, 'GET', '/api/products/stats/products');
    expect(stats.json()).toEqual({ totalProducts: 2, activeProducts: 1 });
  });

  it('needs a signed-in seller on every product route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['POST', '/api/products/create'],
      ['GET', '/api/products/my-products'],
      ['GET', '/api/products/stats/products'],
      ['GET', `/api/products/${id}`],
      ['PUT', `/api/products/${id}`],
      ['DELETE', `/api/products/${id}`],
      ['GET', `/api/products/${id}/download/${randomUUID()}`],
    ] as const) {
      // A well-formed body, so that only the missing token can be the reason.
      const payload =
        method === 'POST'
          ? { title: 't', price: 1, files: [{ s3Key: 'k1' }], thumbnails: [{ s3Key: 'k2' }] }
          : method === 'PUT'
            ? { title: 't' }
            : undefined;
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('PUT /api/products/{id}', () => {
  const put = (seller: TestSeller, id: string, payload: unknown) =>
    call(seller.token, 'PUT', `/api/products/${id}`, payload);

  it('removes and adds files and thumbnails in one go and keeps one main thumbnail', async () => {
    const made = await createFor(alice, { files: 2, thumbnails: 2, price: 30 });
    const { product, files, thumbnails } = made.detail;
    const newFile = await upload(alice, pdf('added.pdf'));
    const newThumbnail = await upload(alice, png('added.png'));
    const mainId = thumbnails.find((thumbnail) => thumbnail.is_main === 1)?.id;
    const response = await put(alice, product.id, {
      title: '  Renamed  ',
      description: 'new words',
      price: 30,
      status: 'inactive',
      deletedFileIds: [files[0]?.id],
      newFiles: [newFile],
      deletedThumbnailIds: [mainId],
      newThumbnails: [newThumbnail],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ProductDetail>();
    expect(body.product).toMatchObject({
      title: 'Renamed',
      description: 'new words',
      price: 30,
      status: 'inactive',
      file_count: 2,
      created_at: product.created_at,
    });
    expect(body.product.updated_at > product.updated_at).toBe(true);
    expect(body.files.map((file) => file.file_original_name)).toEqual([
      files[1]?.file_original_name,
      'added.pdf',
    ]);
    expect(
      body.thumbnails.map((thumbnail) => [thumbnail.image_original_name, thumbnail.is_main]),
    ).toEqual([
      [thumbnails[1]?.image_original_name, 1],
      ['added.png', 0],
    ]);
    expect(body.product.thumbnail_url).toBe(body.thumbnails[0]?.s3_url);
    expect((await call(alice.token, 'GET', `/api/products/${product.id}`)).json()).toEqual(body);
  });

  it('makes a new thumbnail marked is_main the only main one', async () => {
    const made = await createFor(alice, { thumbnails: 2 });
    const fresh = await upload(alice, png('new-main.png'));
    const response = await put(alice, made.detail.product.id, {
      title: 'x',
      newThumbnails: [{ ...fresh, is_main: true }],
    });
    expect(response.statusCode).toBe(200);
    const { thumbnails } = response.json<ProductDetail>();
    expect(thumbnails.filter((thumbnail) => thumbnail.is_main === 1)).toEqual([
      expect.objectContaining({ image_original_name: 'new-main.png' }),
    ]);
    expect(thumbnails).toHaveLength(3);
  });

  it('moves status between active and inactive; absent status and price leave them', async () => {
    const { detail } = await createFor(alice, { price: 12 });
    const off = await put(alice, detail.product.id, { title: 't', status: 'inactive' });
    expect(off.json<ProductDetail>().product.status).toBe('inactive');
    const same = await put(alice, detail.product.id, { title: 't2' });
    expect(same.json<ProductDetail>().product).toMatchObject({
      status: 'inactive',
      price: 12,
      description: 'About it',
    });
    const on = await put(alice, detail.product.id, { title: 't3', status: 'active', price: 12 });
    expect(on.statusCode).toBe(200);
    expect(on.json<ProductDetail>().product.status).toBe('active');
  });

  describe('refusals change nothing', () => {
    let target: Awaited<ReturnType<typeof createFor>>;
    beforeAll(async () => {
      target = await createFor(alice, { files: 2, thumbnails: 1, price: 20 });
    });
    const fake = (n: number, ext: string) =>
      Array.from({ length: n }, () => ({ s3Key: `sellers/x/${randomUUID()}.${ext}` }));

    const cases: [string, () => Promise<unknown> | unknown, number, string, string?][] = [
      ['a different price', () => ({ title: 'x', price: 21 }), 400, 'price_not_editable'],
      [
        'status pending',
        () => ({ title: 'x', status: 'pending' }),
        400,
        'validation_failed',
        'statusInvalid',
      ],
      [
        'status deleted',
        () => ({ title: 'x', status: 'deleted' }),
        400,
        'validation_failed',
        'statusInvalid',
      ],
      ['a blank title', () => ({ title: ' ' }), 400, 'validation_failed', 'titleRequired'],
      [
        'a 201-character title',
        () => ({ title: 'x'.repeat(201) }),
        400,
        'validation_failed',
        'titleTooLong',
      ],
      [
        'removing every file',
        () => ({ title: 'x', deletedFileIds: target.detail.files.map((file) => file.id) }),
        400,
        'validation_failed',
        'fileRequired',
      ],
      [
        'removing every thumbnail',
        () => ({ title: 'x', deletedThumbnailIds: target.detail.thumbnails.map((th) => th.id) }),
        400,
        'validation_failed',
        'minimumThumbnailRequired',
      ],
      [
        'more than 10 files in all',
        () => ({ title: 'x', newFiles: fake(9, 'pdf') }),
        400,
        'validation_failed',
        'tooManyFiles',
      ],
      [
        'more than 5 thumbnails in all',
        () => ({ title: 'x', newThumbnails: fake(5, 'png') }),
        400,
        'validation_failed',
        'maxImages',
      ],
      [
        'a removal with a made-up addition (one transaction)',
        async () => ({
          title: 'x',
          deletedFileIds: [target.detail.files[0]?.id],
          newFiles: [
            await upload(alice, pdf('valid.pdf')),
            { s3Key: `sellers/${randomUUID()}/nope.pdf` },
          ],
        }),
        400,
        'upload_not_found',
      ],
      [
        'an addition already attached elsewhere',
        async () => ({ title: 'x', newFiles: [(await createFor(alice)).files[0]] }),
        400,
        'upload_not_found',
      ],
      [
        "another seller's upload",
        async () => ({ title: 'x', newThumbnails: [await upload(bob, png())] }),
        400,
        'upload_not_found',
      ],
      [
        'a file id of another product',
        async () => ({
          title: 'x',
          deletedFileIds: [(await createFor(alice)).detail.files[0]?.id],
        }),
        400,
        'validation_failed',
        'fileNotFound',
      ],
      [
        'a random file id',
        () => ({ title: 'x', deletedFileIds: [randomUUID()] }),
        400,
        'validation_failed',
        'fileNotFound',
      ],
      [
        'a malformed file id',
        () => ({ title: 'x', deletedFileIds: ['1 or 1=1'] }),
        400,
        'validation_failed',
        'fileNotFound',
      ],
      [
        'a malformed thumbnail id',
        () => ({ title: 'x', deletedThumbnailIds: ['nope'] }),
        400,
        'validation_failed',
        'thumbnailNotFound',
      ],
    ];

    it.each(cases)('%s', async (_name, payload, status, code, detailCode) => {
      const requestBody = await payload();
      const before = (
        await call(alice.token, 'GET', `/api/products/${target.detail.product.id}`)
      ).json();
      const counts = await rowCounts();
      const response = await put(alice, target.detail.product.id, requestBody);
      expect(response.statusCode).toBe(status);
      const body = response.json<{ code: string; details?: { code: string }[] }>();
      expect(body.code).toBe(code);
      if (detailCode) expect(body.details?.map((detail) => detail.code)).toContain(detailCode);
      expect(
        (await call(alice.token, 'GET', `/api/products/${target.detail.product.id}`)).json(),
      ).toEqual(before);
      expect(await rowCounts()).toEqual(counts);
    });
  });

  it('refuses to edit a deleted product with 409 product_deleted', async () => {
    const { detail } = await createFor(alice);
    expect(
      (await call(alice.token, 'DELETE', `/api/products/${detail.product.id}`)).statusCode,
    ).toBe(204);
    const response = await put(alice, detail.product.id, { title: 'revive', status: 'active' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'product_deleted' });
    const after = await call(alice.token, 'GET', `/api/products/${detail.product.id}`);
    expect(after.json<ProductDetail>().product).toMatchObject({
      status: 'deleted',
      title: detail.product.title,
    });
  });
});

describe('DELETE /api/products/{id}', () => {
  it('soft deletes: it leaves the list, still opens, and keeps its rows', async () => {
    const { detail } = await createFor(alice, { files: 2 });
    const counts = await rowCounts();
    const response = await call(alice.token, 'DELETE', `/api/products/${detail.product.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await rowCounts()).toEqual(counts);
    const list = await call(alice.token, 'GET', '/api/products/my-products');
    expect(list.json<{ products: { id: string }[] }>().products.map((p) => p.id)).not.toContain(
      detail.product.id,
    );
    const opened = await call(alice.token, 'GET', `/api/products/${detail.product.id}`);
    expect(opened.statusCode).toBe(200);
    const body = opened.json<ProductDetail>();
    expect(body.product.status).toBe('deleted');
    expect(body.files).toEqual(detail.files);
    expect(body.thumbnails).toEqual(detail.thumbnails);
    const again = await call(alice.token, 'DELETE', `/api/products/${detail.product.id}`);
    expect(again.statusCode).toBe(204);
  });
});

describe('GET /api/products/{id}/download/{fileId}', () => {
  it('gives a short-lived URL that downloads the same bytes under the original name', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    const file = await upload(alice, { name: '강의 자료 1.pdf', type: 'application/pdf', bytes });
    const thumbnail = await upload(alice, png());
    const created = await call(alice.token, 'POST', '/api/products/create', {
      title: 'download me',
      price: 3,
      files: [file],
      thumbnails: [thumbnail],
    });
    const detail = created.json<ProductDetail>();
    const fileId = detail.files[0]?.id;
    const response = await call(
      alice.token,
      'GET',
      `/api/products/${detail.product.id}/download/${fileId}`,
    );
    expect(response.statusCode).toBe(200);
    const { downloadUrl } = response.json<{ downloadUrl: string }>();
    const downloaded = await t.app.inject({ url: localPath(downloadUrl) });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);
    const disposition = String(downloaded.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('강의 자료 1.pdf')}`);
    expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is a 404 for a file of another product, a random file id and a malformed one', async () => {
    const one = await createFor(alice);
    const two = await createFor(alice);
    const answers = await Promise.all(
      [two.detail.files[0]?.id, randomUUID(), 'not-a-uuid'].map((fileId) =>
        call(alice.token, 'GET', `/api/products/${one.detail.product.id}/download/${fileId}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[1]?.json());
    }
  });

  it('still works for a deleted product (its buyers keep their files)', async () => {
    const { detail } = await createFor(alice);
    await call(alice.token, 'DELETE', `/api/products/${detail.product.id}`);
    const response = await call(
      alice.token,
      'GET',
      `/api/products/${detail.product.id}/download/${detail.files[0]?.id}`,
    );
    expect(response.statusCode).toBe(200);
  });
});

describe("another seller's product is a 404 on every {id} route, identical to a missing one", () => {
  const idRoutes = [
    getProductEndpoint,
    updateProductEndpoint,
    deleteProductEndpoint,
    getDownloadUrlEndpoint,
  ];

  it('covers every product endpoint that takes an id', () => {
    const all = [
      createProductEndpoint,
      listMyProductsEndpoint,
      getProductEndpoint,
      updateProductEndpoint,
      deleteProductEndpoint,
      getDownloadUrlEndpoint,
      getProductStatsEndpoint,
    ];
    const withId = all.filter((endpoint) => endpoint.path.includes('{id}'));
    expect(withId).toEqual(idRoutes);
  });

  type Method = 'GET' | 'PUT' | 'DELETE';
  type Victim = { product: { id: string }; files: { id: string }[]; thumbnails: { id: string }[] };
  const productUrl = (id: string) => `/api/products/${id}`;
  const downloadUrl = (id: string, fileId: string) => `/api/products/${id}/download/${fileId}`;
  const cases: [
    string,
    Method,
    (id: string, fileId: string) => string,
    (victim: Victim) => Promise<unknown>,
  ][] = [
    ['GET', 'GET', productUrl, async () => undefined],
    [
      'PUT (adding a file)',
      'PUT',
      productUrl,
      async () => ({
        title: 'stolen',
        status: 'inactive',
        newFiles: [await upload(bob, pdf('bob.pdf'))],
      }),
    ],
    [
      'PUT (removing its files and thumbnails)',
      'PUT',
      productUrl,
      async (victim) => ({
        title: 'x',
        deletedFileIds: victim.files.slice(0, 1).map((file) => file.id),
        deletedThumbnailIds: victim.thumbnails.slice(0, 1).map((thumbnail) => thumbnail.id),
      }),
    ],
    ['DELETE', 'DELETE', productUrl, async () => undefined],
    ['GET download', 'GET', downloadUrl, async () => undefined],
  ];

  it.each(cases)('%s', async (_name, method, url, payloadFor) => {
    const victim = await createFor(alice, { files: 2, thumbnails: 2 });
    const { product, files } = victim.detail;
    const payloads = [
      await payloadFor(victim.detail),
      await payloadFor(victim.detail),
      await payloadFor(victim.detail),
    ];
    const before = (await call(alice.token, 'GET', `/api/products/${product.id}`)).json();
    const counts = await rowCounts();
    const theirs = await call(bob.token, method, url(product.id, files[0]?.id ?? ''), payloads[0]);
    const missing = await call(bob.token, method, url(randomUUID(), randomUUID()), payloads[1]);
    const malformed = await call(bob.token, method, url('not-a-uuid', 'x'), payloads[2]);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Product not found', code: 'not_found' });
    expect(missing.statusCode).toBe(theirs.statusCode);
    expect(missing.body).toBe(theirs.body);
    expect(malformed.statusCode).toBe(theirs.statusCode);
    expect(malformed.body).toBe(theirs.body);
    expect((await call(alice.token, 'GET', `/api/products/${product.id}`)).json()).toEqual(before);
    expect(await rowCounts()).toEqual(counts);
  });
});

describe('product review mode (PRODUCT_REVIEW=on)', () => {
  let review: TestApp;
  let erin: TestSeller;
  beforeAll(async () => {
    review = await createTestApp({ PRODUCT_REVIEW: 'on' });
    erin = await signUpSeller(review.app);
  });
  afterAll(async () => {
    await review.close();
  });

  it('creates pending products that only an operator approves', async () => {
    const file = await uploadCompleted(review.app, erin.token, pdf());
    const thumbnail = await uploadCompleted(review.app, erin.token, png());
    const created = await review.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: bearer(erin.token),
      payload: {
        title: 'Under review',
        price: 9,
        files: [file],
        thumbnails: [thumbnail],
        status: 'active',
      },
    });
    expect(created.statusCode).toBe(201);
    const { product } = created.json<ProductDetail>();
    expect(product.status).toBe('pending');

    const stats = await review.app.inject({
      url: '/api/products/stats/products',
      headers: bearer(erin.token),
    });
    expect(stats.json()).toEqual({ totalProducts: 1, activeProducts: 0 });

    for (const status of ['active', 'inactive']) {
      const edit = await review.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: bearer(erin.token),
        payload: { title: 'self-approve', status },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toMatchObject({ code: 'status_not_editable' });
    }
    const titleOnly = await review.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(erin.token),
      payload: { title: 'Better title' },
    });
    expect(titleOnly.json<ProductDetail>().product).toMatchObject({
      status: 'pending',
      title: 'Better title',
    });

    const repository = createProductRepository(review.database);
    expect(await approveProduct(repository, product.id)).toBe('approved');
    expect(await approveProduct(repository, product.id)).toBe('not_pending');
    expect(await approveProduct(repository, randomUUID())).toBe('not_found');
    expect(await approveProduct(repository, 'not-a-uuid')).toBe('not_found');

    const approved = await review.app.inject({
      url: `/api/products/${product.id}`,
      headers: bearer(erin.token),
    });
    expect(approved.json<ProductDetail>().product.status).toBe('active');
  });
});

describe('OpenAPI document', () => {
  it('describes the product routes from the contract schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/products/create',
        '/api/products/my-products',
        '/api/products/{id}',
        '/api/products/{id}/download/{fileId}',
        '/api/products/exchange-rate/latest',
        '/api/products/stats/products',
      ]),
    );
    const create = JSON.stringify(document.paths['/api/products/create']);
    expect(create).toContain('thumbnail_url');
    expect(create).toContain('"maxItems":10');
  });
});
