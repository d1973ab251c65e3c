import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { testPdf } from '../../apps/api/src/test/pdf-files.ts';
import { type SellerCenterClient, succeeded } from './api';
import { tinyPng } from './files';
import { krw } from './sales-data';

/**
 * A buyer's path on the reference storefront (examples/member-site) with what its checkout
 * offers: a discount code and samples. The storefront charges 1380 won per dollar (its
 * default KRW_PER_USD).
 */

export const wonPerDollar = 1380;

/** Who buys: a name and an address of their own for each test (the run keeps every sale). */
export interface Buyer {
  name: string;
  email: string;
}

export function newBuyer(): Buyer {
  const suffix = randomBytes(4).toString('hex');
  return { name: `Kim Minji ${suffix}`, email: `buyer-${suffix}@example.com` };
}

/** Uploads one file through the upload API: its URL, the PUT of the bytes, the completion. */
export async function upload(
  api: SellerCenterClient,
  baseUrl: string,
  file: { name: string; type: string; bytes: Buffer; isImage: boolean },
): Promise<{ s3Key: string }> {
  const started = await succeeded(
    api.POST('/api/products/get-upload-url', {
      body: {
        fileName: file.name,
        fileType: file.type,
        fileSize: file.bytes.length,
        isImage: file.isImage,
      },
    }),
  );
  const put = await fetch(new URL(started.uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'Content-Type': started.contentType },
    body: new Uint8Array(file.bytes),
  });
  if (!put.ok) throw new Error(`upload PUT failed: ${put.status} ${await put.text()}`);
  await succeeded(api.POST('/api/products/complete-upload', { body: { s3Key: started.s3Key } }));
  return { s3Key: started.s3Key };
}

/** A product on sale whose PDF offers its first `samplePages` pages as a sample. */
export interface ProductWithSample {
  id: string;
  title: string;
  /** Whole US dollars. */
  price: number;
  fileName: string;
  samplePages: number;
}

/**
 * An active product of the seller with a PDF of `pages` pages (a Korean name) whose first
 * `samplePages` are its sample, and a picture.
 */
export async function productWithSample(
  api: SellerCenterClient,
  baseUrl: string,
  {
    title,
    price,
    pages = 4,
    samplePages = 2,
  }: {
    title: string;
    price: number;
    pages?: number;
    samplePages?: number;
  },
): Promise<ProductWithSample> {
  const fileName = `부산 맛집 지도 ${randomBytes(3).toString('hex')}.pdf`;
  const file = await upload(api, baseUrl, {
    name: fileName,
    type: 'application/pdf',
    bytes: await testPdf(pages, 'Busan'),
    isImage: false,
  });
  const picture = await upload(api, baseUrl, {
    name: 'cover.png',
    type: 'image/png',
    bytes: tinyPng(200, 120, 40),
    isImage: true,
  });
  const created = await succeeded(
    api.POST('/api/products/create', {
      body: {
        title,
        description: 'Where to eat in Busan.',
        price,
        files: [file],
        thumbnails: [picture],
      },
    }),
  );
  const fileId = created.files[0]?.id;
  if (!fileId) throw new Error('the product was created without its file');
  await succeeded(
    api.PUT('/api/products/{id}/files/{fileId}', {
      params: { path: { id: created.product.id, fileId } },
      body: { sample_pages: samplePages },
    }),
  );
  return { id: created.product.id, title, price, fileName, samplePages };
}

/** A percent code of the seller, for all their products. */
export async function percentCode(
  api: SellerCenterClient,
  { code, percent }: { code: string; percent: number },
): Promise<void> {
  await succeeded(api.POST('/api/discounts', { body: { code, kind: 'percent', percent } }));
}

/** What the buyer paid on the storefront, and for which order. */
export interface StorefrontSale {
  orderId: string;
  buyer: Buyer;
  /** Whole won, after the code. */
  paid: number;
}

/**
 * On the product page (open): the buyer fills in their address and name, types the code,
 * applies it, sees the reduced price on the Pay button and pays with KakaoPay. Answers the
 * order, with the buyer, for the checks that follow (the seller's screens, mail).
 */
export async function buyWithCode(
  page: Page,
  {
    product,
    code,
    percent,
    buyer,
  }: {
    product: ProductWithSample;
    code: string;
    percent: number;
    buyer: Buyer;
  },
): Promise<StorefrontSale> {
  const listAmount = product.price * wonPerDollar;
  const paid = listAmount - Math.floor((listAmount * percent) / 100);
  await page.getByLabel('Your e-mail').fill(buyer.email);
  await page.getByLabel('Your name (optional)').fill(buyer.name);
  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Code ${code}: ${krw(listAmount - paid)} off. You pay ${krw(paid)} instead of ${krw(listAmount)}.`,
  );
  // The form keeps what the buyer filled in.
  await expect(page.getByLabel('Your e-mail')).toHaveValue(buyer.email);
  await page.getByRole('radio', { name: 'KakaoPay' }).check();
  await page.getByRole('button', { name: `Pay ${krw(paid)}` }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!', level: 1 })).toBeVisible();
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(orderId).toMatch(/^order-/);
  return { orderId, buyer, paid };
}

/** The sale the seller center recorded for a storefront order. */
export async function saleOfOrder(api: SellerCenterClient, orderId: string) {
  const { transactions } = await succeeded(api.GET('/api/products/sales/transactions'));
  const sale = transactions.find((row) => row.order_id === orderId);
  if (!sale) throw new Error(`no sale for ${orderId}`);
  return sale;
}
