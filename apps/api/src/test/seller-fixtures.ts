import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProductDetail } from '@seller/contract/products/product';
import type { UploadedObject } from '@seller/contract/uploads/upload-fields';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  deliveries,
  deliveryCounts,
  productFiles,
  productSales,
  products,
  productThumbnails,
  sales,
  salesDaily,
  sellerSalesTotals,
  sellers,
  settlementInfos,
  uploads,
} from '../db/schema.ts';
import { createTokenService } from '../modules/auth/tokens.ts';
import { localPath, pdf, png, publicUrlOf, uploadCompleted } from './completed-uploads.ts';
import { purchase, recordPurchase, signedPost } from './member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from './sellers.ts';
import type { TestApp } from './test-app.ts';

/**
 * A seller with one of everything the API lets a seller own: a product with files and
 * thumbnails (and a sale of it), free completed uploads, an unfinished single upload, an
 * unfinished multipart upload, an avatar, payout details. Used by the access matrix (another
 * seller's resource) and the fuzzer (ids to aim at).
 */
export interface SellerFixture extends TestSeller {
  id: string;
  product: ProductDetail;
  /** A completed product file, not attached to anything. */
  freeFile: Pick<UploadedObject, 's3Key' | 'publicUrl'>;
  /** A completed image, not attached to anything. */
  freeImage: { s3Key: string; publicUrl: string };
  /** An upload URL issued, never used. */
  pendingUpload: { s3Key: string; uploadUrl: string };
  /** A multipart upload with its first part stored. */
  multipart: { s3Key: string; uploadId: string; etag: string };
  /** A completed avatar upload, not yet used as the avatar. */
  avatarUpload: { s3Key: string; publicUrl: string };
  /** The avatar in use. */
  avatarUrl: string;
  /** A signed download URL of one of the product's files (local driver path). */
  downloadPath: string;
  purchaseOrderId: string;
  /** The sale of that order (`purchase_id`), with one delivery of the product's first file. */
  purchaseId: string;
  /** The buyer of that sale, as the seller's customer. */
  customerId: string;
  /** A personal API token of the seller (products:read). */
  apiToken: { id: string; token: string };
  /** A delivery of the seller's webhook (a test event to a closed loopback port). */
  webhookDeliveryId: string;
  /** A payout of part of the sale's net (its `id`, as `GET /api/payouts/{id}` takes it). */
  payoutId: string;
  /** A discount code of the seller with single-use codes. */
  discountId: string;
}

export const sellerIdOf = (token: string): string => {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub as string;
};

async function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  expected = 200,
) {
  const response = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode !== expected) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response.body ? response.json() : undefined;
}

/** Signs a seller up and gives it one of everything. Needs INTERNAL_API_SECRET for the sale. */
export async function createSellerFixture(t: TestApp): Promise<SellerFixture> {
  const { app } = t;
  const seller = await signUpSeller(app);
  const id = sellerIdOf(seller.token);
  const token = seller.token;

  const [file1, file2, image1, image2, freeFile, freeImage] = await Promise.all([
    uploadCompleted(app, token, pdf('one.pdf')),
    uploadCompleted(app, token, pdf('two.pdf')),
    uploadCompleted(app, token, png('one.png')),
    uploadCompleted(app, token, png('two.png')),
    uploadCompleted(app, token, pdf('free.pdf')),
    uploadCompleted(app, token, png('free.png')),
  ]);
  const product = (await call(
    app,
    token,
    'POST',
    '/api/products/create',
    {
      title: `Owned product ${id.slice(0, 8)}`,
      description: 'Only mine',
      price: 30,
      files: [file1, file2].map(({ s3Key }) => ({ s3Key })),
      thumbnails: [image1, image2].map(({ s3Key }) => ({ s3Key })),
    },
    201,
  )) as ProductDetail;

  const pendingUpload = (await call(app, token, 'POST', '/api/products/get-upload-url', {
    fileName: 'later.pdf',
    fileType: 'application/pdf',
    fileSize: 1234,
    isImage: false,
  })) as { s3Key: string; uploadUrl: string };

  const started = (await call(app, token, 'POST', '/api/products/start-multipart-upload', {
    fileName: 'big.zip',
    fileType: 'application/zip',
    fileSize: 120 * 1024 * 1024,
  })) as { s3Key: string; uploadId: string };
  const part = (await call(app, token, 'POST', '/api/products/get-part-upload-url', {
    s3Key: started.s3Key,
    uploadId: started.uploadId,
    partNumber: 1,
  })) as { uploadUrl: string };
  const partBytes = Buffer.alloc(5 * 1024 * 1024, 7);
  const put = await app.inject({
    method: 'PUT',
    url: localPath(part.uploadUrl),
    headers: { 'content-type': 'application/octet-stream' },
    payload: partBytes,
  });
  if (put.statusCode !== 200) throw new Error(`part PUT: ${put.statusCode} ${put.body}`);

  const avatarFor = async (name: string) => {
    const bytes = Buffer.from(`avatar ${name} ${Math.random()}`);
    const started = (await call(app, token, 'POST', '/api/auth/avatar-upload-url', {
      fileName: name,
      fileType: 'image/png',
      fileSize: bytes.length,
    })) as { uploadUrl: string; publicUrl: string; s3Key: string; contentType: string };
    const stored = await app.inject({
      method: 'PUT',
      url: localPath(started.uploadUrl),
      headers: { 'content-type': started.contentType },
      payload: bytes,
    });
    if (stored.statusCode !== 200) throw new Error(`avatar PUT: ${stored.body}`);
    return started;
  };
  const inUse = await avatarFor('me.png');
  await call(app, token, 'PUT', '/api/auth/avatar', { avatarUrl: inUse.publicUrl });
  const spare = await avatarFor('spare.png');

  await call(app, token, 'PUT', '/api/auth/settlement-info', {
    bank: {
      name: 'Bank',
      account: '123-456',
      accountHolder: 'Holder',
      swiftCode: '',
      branch: 'Main',
    },
  });

  const fileId = product.files[0]?.id ?? '';
  const download = (await call(
    app,
    token,
    'GET',
    `/api/products/${product.product.id}/download/${fileId}`,
  )) as { downloadUrl: string };

  const order = purchase(product.product.id);
  const sold = await recordPurchase(app, order);
  const bought = (await call(app, token, 'GET', '/api/customers')) as {
    customers: { id: string }[];
  };
  const delivered = await signedPost(app, '/api/internal/deliveries', {
    orderId: order.orderId,
    fileId,
  });
  if (delivered.statusCode !== 201) {
    throw new Error(`delivery: ${delivered.statusCode} ${delivered.body}`);
  }
  const paid = await signedPost(app, '/api/internal/payouts', {
    payoutId: `fixture-${id}`,
    sellerId: id,
    amount: 10,
    method: 'bank',
  });
  if (paid.statusCode !== 201) throw new Error(`payout: ${paid.statusCode} ${paid.body}`);

  const apiToken = (await call(
    app,
    token,
    'POST',
    '/api/auth/api-tokens',
    { name: 'fixture', scopes: ['products:read'] },
    201,
  )) as { id: string; token: string };
  // Port 9 is closed: the delivery fails at once and waits for its retry.
  await call(app, token, 'PUT', '/api/webhook', {
    url: 'http://127.0.0.1:9/hook',
    events: ['sale.created'],
  });
  const delivery = (await call(app, token, 'POST', '/api/webhook/test', undefined, 202)) as {
    id: string;
  };
  const { discount } = (await call(
    app,
    token,
    'POST',
    '/api/discounts',
    { code: `FIX-${id.slice(0, 8)}`, kind: 'percent', percent: 10 },
    201,
  )) as { discount: { id: string } };
  await call(app, token, 'POST', `/api/discounts/${discount.id}/codes`, { count: 2 }, 201);

  return {
    ...seller,
    id,
    product,
    freeFile: { s3Key: freeFile.s3Key, publicUrl: freeFile.publicUrl },
    freeImage: { s3Key: freeImage.s3Key, publicUrl: publicUrlOf(freeImage) },
    pendingUpload,
    multipart: { ...started, etag: String(put.headers.etag) },
    avatarUpload: { s3Key: spare.s3Key, publicUrl: spare.publicUrl },
    avatarUrl: inUse.publicUrl,
    downloadPath: localPath(download.downloadUrl),
    purchaseOrderId: order.orderId,
    purchaseId: sold.purchaseId,
    customerId: bought.customers[0]?.id ?? '',
    apiToken: { id: apiToken.id, token: apiToken.token },
    webhookDeliveryId: delivery.id,
    payoutId: paid.json<{ payout: { id: string } }>().payout.id,
    discountId: discount.id,
  };
}

/** A token of the seller's current token version, made without the API (logout-proof). */
export async function mintToken(t: TestApp, sellerId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ version: sellers.tokenVersion })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  if (!row) throw new Error(`no seller ${sellerId}`);
  return createTokenService(t.config.jwtSecret, 3600).issue({
    sellerId,
    tokenVersion: row.version,
  });
}

const byId = <T extends { id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

async function storageListing(root: string, prefix: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const walk = async (directory: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out[path.relative(root, full)] = (await stat(full)).size;
    }
  };
  await walk(path.join(root, prefix));
  return out;
}

/**
 * Everything the seller owns, row by row, plus the row count of every table and the seller's
 * stored files: two snapshots are equal when a request changed nothing of theirs (or anyone's).
 */
export async function snapshotSeller(t: TestApp, sellerId: string) {
  const db = t.database.db;
  const ownProducts = byId(await db.select().from(products).where(eq(products.sellerId, sellerId)));
  const productIds = ownProducts.map((row) => row.id);
  const none = ['00000000-0000-0000-0000-000000000000'];
  const ownSales = await db.select().from(sales).where(eq(sales.sellerId, sellerId));
  const saleIds = ownSales.map((row) => row.id);
  const counts = Object.fromEntries(
    await Promise.all(
      Object.entries({
        sellers,
        products,
        productFiles,
        productThumbnails,
        uploads,
        sales,
        deliveries,
        deliveryCounts,
        salesDaily,
        productSales,
        sellerSalesTotals,
        settlementInfos,
      }).map(async ([name, table]) => {
        const [row] = await db.select({ n: count() }).from(table);
        return [name, Number(row?.n ?? 0)] as const;
      }),
    ),
  );
  const storage =
    t.config.storage.driver === 'local'
      ? {
          objects: await storageListing(t.config.storage.root, `sellers/${sellerId}`),
          incoming: await storageListing(t.config.storage.root, '.incoming'),
        }
      : {};
  return {
    seller: await db.select().from(sellers).where(eq(sellers.id, sellerId)),
    products: ownProducts,
    files: byId(
      await db
        .select()
        .from(productFiles)
        .where(inArray(productFiles.productId, productIds.length ? productIds : none)),
    ),
    thumbnails: byId(
      await db
        .select()
        .from(productThumbnails)
        .where(inArray(productThumbnails.productId, productIds.length ? productIds : none)),
    ),
    uploads: byId(await db.select().from(uploads).where(eq(uploads.sellerId, sellerId))),
    sales: byId(ownSales),
    deliveries: byId(
      await db
        .select()
        .from(deliveries)
        .where(inArray(deliveries.saleId, saleIds.length ? saleIds : none)),
    ),
    deliveryCounts: await db
      .select()
      .from(deliveryCounts)
      .where(inArray(deliveryCounts.saleId, saleIds.length ? saleIds : none)),
    salesDaily: await db.select().from(salesDaily).where(eq(salesDaily.sellerId, sellerId)),
    productSales: await db.select().from(productSales).where(eq(productSales.sellerId, sellerId)),
    totals: await db
      .select()
      .from(sellerSalesTotals)
      .where(eq(sellerSalesTotals.sellerId, sellerId)),
    settlement: await db
      .select()
      .from(settlementInfos)
      .where(eq(settlementInfos.sellerId, sellerId)),
    counts,
    storage,
  };
}
