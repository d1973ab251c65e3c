import { createHmac, randomUUID } from 'node:crypto';
import { sellerFetch } from './products';

/**
 * What the external member site does: signed calls to the internal API
 * (`X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`,
 * see docs/internal-api.md), and the product set-up a seller does through the public API.
 */

export function signature(secret: string, rawBody: string, at: number = Date.now()): string {
  const t = Math.floor(at / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface Purchase {
  orderId: string;
  productId: string;
  customerEmail: string;
  paymentMethod: string;
  /** KRW, whole won. */
  amount: number;
  /** ISO 8601; the time of the call when absent. */
  purchasedAt?: string;
}

export interface RecordedSale {
  purchaseId: string;
  orderId: string;
  amount: number;
  netAmount: number;
  purchasedAt: string;
}

/** Reports one purchase the way the member site does (signed, exact body bytes). */
export async function recordPurchase(
  baseUrl: string,
  secret: string,
  purchase: Purchase,
): Promise<RecordedSale> {
  const body = JSON.stringify(purchase);
  const response = await fetch(`${baseUrl}/api/internal/purchases`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Signature': signature(secret, body) },
    body,
  });
  if (response.status !== 201) {
    throw new Error(`purchase failed: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { sale: RecordedSale }).sale;
}

async function call<T>(
  baseUrl: string,
  token: string,
  method: Parameters<typeof sellerFetch>[2],
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await sellerFetch(baseUrl, token, method, path, body);
  if (!response.ok) {
    throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** Uploads one small file through the real upload API (URL, PUT of the bytes, completion). */
async function upload(
  baseUrl: string,
  token: string,
  file: { name: string; type: string; isImage: boolean },
): Promise<{ s3Key: string }> {
  const bytes = Buffer.from(`e2e bytes of ${file.name} ${randomUUID()}`);
  const started = await call<{ uploadUrl: string; s3Key: string; contentType: string }>(
    baseUrl,
    token,
    'POST',
    '/api/products/get-upload-url',
    { fileName: file.name, fileType: file.type, fileSize: bytes.length, isImage: file.isImage },
  );
  const put = await fetch(new URL(started.uploadUrl, baseUrl), {
    method: 'PUT',
    headers: { 'Content-Type': started.contentType },
    body: bytes,
  });
  if (!put.ok) throw new Error(`upload PUT failed: ${put.status} ${await put.text()}`);
  await call(baseUrl, token, 'POST', '/api/products/complete-upload', { s3Key: started.s3Key });
  return { s3Key: started.s3Key };
}

/** Creates an active product with one PDF and one thumbnail; returns its id. */
export async function createProduct(
  baseUrl: string,
  token: string,
  values: { title: string; price: number },
): Promise<string> {
  const file = await upload(baseUrl, token, {
    name: 'guide.pdf',
    type: 'application/pdf',
    isImage: false,
  });
  const thumbnail = await upload(baseUrl, token, {
    name: 'cover.png',
    type: 'image/png',
    isImage: true,
  });
  const created = await call<{ product: { id: string } }>(
    baseUrl,
    token,
    'POST',
    '/api/products/create',
    {
      title: values.title,
      description: `About ${values.title}`,
      price: values.price,
      files: [file],
      thumbnails: [thumbnail],
    },
  );
  return created.product.id;
}
