import { type SellerCenterClient, succeeded } from './support/api';
import { pdfBytes, tinyPng } from './support/files';
import { test as base, expect } from './support/fixtures';
import { startSite } from './support/other-site';

const test = base.extend<{ anySite: string }>({
  /** A site that the server's CORS_ORIGINS does not list: the catalog is for every site. */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
  anySite: async ({}, use) => {
    const site = await startSite();
    await use(site.origin);
    await site.close();
  },
});

/** Uploads real bytes through the upload API; the completed upload's key and public URL. */
async function upload(
  api: SellerCenterClient,
  baseUrl: string,
  file: { name: string; type: string; bytes: Buffer; kind: 'file' | 'image' | 'avatar' },
) {
  const started =
    file.kind === 'avatar'
      ? await succeeded(
          api.POST('/api/auth/avatar-upload-url', {
            body: { fileName: file.name, fileType: file.type, fileSize: file.bytes.length },
          }),
        )
      : await succeeded(
          api.POST('/api/products/get-upload-url', {
            body: {
              fileName: file.name,
              fileType: file.type,
              fileSize: file.bytes.length,
              isImage: file.kind === 'image',
            },
          }),
        );
  const put = await fetch(new URL(started.uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'Content-Type': started.contentType },
    body: new Uint8Array(file.bytes),
  });
  expect(put.status).toBe(200);
  return { s3Key: started.s3Key, publicUrl: started.publicUrl ?? '' };
}

test.describe('the public catalog, read by a site that CORS_ORIGINS does not list', () => {
  test('reads a creator page and a product page, revalidates them and shows their images', async ({
    page,
    run,
    api,
    seller,
    anySite,
  }) => {
    const avatar = await upload(api, run.baseUrl, {
      name: 'me.png',
      type: 'image/png',
      bytes: tinyPng(200, 40, 40),
      kind: 'avatar',
    });
    await succeeded(api.PUT('/api/auth/avatar', { body: { avatarUrl: avatar.publicUrl } }));
    const file = await upload(api, run.baseUrl, {
      name: 'map.pdf',
      type: 'application/pdf',
      bytes: pdfBytes('map'),
      kind: 'file',
    });
    const cover = await upload(api, run.baseUrl, {
      name: 'cover.png',
      type: 'image/png',
      bytes: tinyPng(20, 90, 200),
      kind: 'image',
    });
    const created = await succeeded(
      api.POST('/api/products/create', {
        body: {
          title: 'City map',
          price: 7,
          files: [{ s3Key: file.s3Key }],
          thumbnails: [{ s3Key: cover.s3Key }],
        },
      }),
    );

    // Shown as images of that site: no CORS needed, and no Cross-Origin-Resource-Policy keeping
    // them to the API's origin.
    await page.goto(`${anySite}/`);
    const result = await page.evaluate(
      async ({ api, nickname, productId }) => {
        const url = (path: string) => new URL(path, api).href;
        const creator = await fetch(url(`/api/public/sellers/${nickname}`));
        const creatorPage = await creator.json();
        const product = await fetch(url(`/api/public/sellers/${nickname}/products/${productId}`));
        const productPage = await product.json();
        const etag = product.headers.get('etag');
        // A script's own revalidation: `If-None-Match` needs a preflight, which is answered.
        const again = await fetch(url(`/api/public/sellers/${nickname}/products/${productId}`), {
          headers: { 'if-none-match': etag ?? '' },
          cache: 'no-store',
        });

        const show = (src: string) => {
          const image = document.createElement('img');
          const loaded = new Promise<number>((resolve) => {
            image.onload = () => resolve(image.naturalWidth);
            image.onerror = () => resolve(-1);
          });
          image.src = url(src);
          document.querySelector('main')?.append(image);
          return loaded;
        };
        return {
          creatorStatus: creator.status,
          products: creatorPage.products.map((item: { title: string }) => item.title),
          productStatus: product.status,
          fileNames: productPage.files.map(
            (item: { file_original_name: string }) => item.file_original_name,
          ),
          etag,
          revalidated: again.status,
          thumbnailWidth: await show(productPage.product.thumbnail_url),
          avatarWidth: await show(creatorPage.seller.avatarUrl),
        };
      },
      { api: run.baseUrl, nickname: seller.nickname, productId: created.product.id },
    );

    expect(result.creatorStatus).toBe(200);
    expect(result.products).toEqual(['City map']);
    expect(result.productStatus).toBe(200);
    expect(result.fileNames).toEqual(['map.pdf']);
    expect(result.etag).toMatch(/^".+"$/);
    expect(result.revalidated).toBe(304);
    expect(result.thumbnailWidth).toBeGreaterThan(0);
    expect(result.avatarWidth).toBeGreaterThan(0);
  });
});
