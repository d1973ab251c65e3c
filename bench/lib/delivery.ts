/**
 * What the download benchmarks set up over HTTP, as a seller and the member site would: a
 * product file uploaded through the multipart path, the product (no download limit), one sale
 * recorded by the signed internal call, then delivery links for that sale. The file is one
 * random part repeated, so any byte of a download can be checked against the part.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { limits } from '@seller/contract/limits';
import { putPart } from './common.ts';

const { partBytes, parallelParts } = limits.multipart;

/** The member site's signature of a body (docs/internal-api.md). */
export function signBody(secret: string, body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** A JSON POST of the web app's API; fails unless the answer is 2xx. */
export async function post<T>(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A call of the internal API, signed with the member site's secret. */
export function signedPost<T>(base: string, secret: string, url: string, body: unknown) {
  const raw = JSON.stringify(body);
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
    body: raw,
  }).then(async (response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  });
}

export interface SoldFile {
  orderId: string;
  fileId: string;
  /** The storage key: where the local driver keeps the file under its root. */
  s3Key: string;
  sizeBytes: number;
  /** The part the file repeats: byte `o` of the file is `part[o % part.length]`. */
  part: Buffer;
}

/**
 * Signs a seller up, uploads a `sizeBytes` product file (multipart, the web app's part size and
 * parts in flight) and a cover, creates the product without a download limit and records one
 * sale of it through the internal purchase call.
 */
export async function sellProductFile(
  base: string,
  secret: string,
  sizeBytes: number,
  agent: http.Agent,
): Promise<SoldFile> {
  const suffix = randomBytes(4).toString('hex');
  const auth = await signUpSeller(base, `dl${suffix}`);

  const started = await post<{ uploadId: string; s3Key: string }>(
    base,
    '/api/products/start-multipart-upload',
    { fileName: '강의 영상 1.mp4', fileType: 'video/mp4', fileSize: sizeBytes },
    auth,
  );
  const partCount = Math.ceil(sizeBytes / partBytes);
  const part = randomBytes(partBytes);
  const etags = new Map<number, string>();
  let next = 1;
  await Promise.all(
    Array.from({ length: parallelParts }, async () => {
      for (let partNumber = next++; partNumber <= partCount; partNumber = next++) {
        const { uploadUrl } = await post<{ uploadUrl: string }>(
          base,
          '/api/products/get-part-upload-url',
          { ...started, partNumber },
          auth,
        );
        const length = Math.min(partBytes, sizeBytes - (partNumber - 1) * partBytes);
        etags.set(
          partNumber,
          await putPart(`${base}${uploadUrl}`, part.subarray(0, length), { agent }),
        );
      }
    }),
  );
  await post(
    base,
    '/api/products/complete-multipart-upload',
    { ...started, parts: [...etags].map(([PartNumber, ETag]) => ({ PartNumber, ETag })) },
    auth,
  );

  const { productId, fileId } = await createProduct(base, auth, 'Download bench', started.s3Key);
  const orderId = `bench-${suffix}`;
  await recordSale(base, secret, productId, orderId, 'buyer@example.com');
  return { orderId, fileId, s3Key: started.s3Key, sizeBytes, part };
}

/** Signs a seller up; the header their calls carry. */
export async function signUpSeller(
  base: string,
  nickname: string,
): Promise<{ authorization: string }> {
  const { token } = await post<{ token: string }>(base, '/api/auth/signup', {
    email: `${nickname}@example.com`,
    nickname,
    password: `Bench-${nickname}-pass`,
  });
  return { authorization: `Bearer ${token}` };
}

/** Uploads `bytes` with one PUT (files up to the multipart threshold); its storage key. */
export async function uploadWhole(
  base: string,
  auth: { authorization: string },
  file: { name: string; type: string; bytes: Buffer<ArrayBuffer>; isImage?: boolean },
): Promise<string> {
  const started = await post<{ uploadUrl: string; s3Key: string; contentType: string }>(
    base,
    '/api/products/get-upload-url',
    {
      fileName: file.name,
      fileType: file.type,
      fileSize: file.bytes.byteLength,
      ...(file.isImage ? { isImage: true } : {}),
    },
    auth,
  );
  const put = await fetch(`${base}${started.uploadUrl}`, {
    method: 'PUT',
    headers: { 'content-type': started.contentType },
    body: file.bytes,
  });
  if (!put.ok) throw new Error(`PUT of ${file.name}: ${put.status} ${await put.text()}`);
  return started.s3Key;
}

/**
 * Creates a product (no download limit) of one uploaded file, with a cover; its id and the
 * file's.
 */
export async function createProduct(
  base: string,
  auth: { authorization: string },
  title: string,
  fileKey: string,
): Promise<{ productId: string; fileId: string }> {
  const cover = await uploadWhole(base, auth, {
    name: 'cover.png',
    type: 'image/png',
    bytes: randomBytes(1000),
    isImage: true,
  });
  const product = await post<{ product: { id: string }; files: { id: string }[] }>(
    base,
    '/api/products/create',
    {
      title,
      price: 10,
      download_limit: 0,
      files: [{ s3Key: fileKey }],
      thumbnails: [{ s3Key: cover }],
    },
    auth,
  );
  const fileId = product.files[0]?.id;
  if (!fileId) throw new Error('the product was created without its file');
  return { productId: product.product.id, fileId };
}

/** One sale of the product, recorded by the member site's signed purchase call. */
export async function recordSale(
  base: string,
  secret: string,
  productId: string,
  orderId: string,
  customerEmail: string,
): Promise<void> {
  await signedPost(base, secret, '/api/internal/purchases', {
    orderId,
    productId,
    customerEmail,
    paymentMethod: 'card',
    amount: 15_000,
  });
}

/** What the internal delivery call answers, as far as the benchmarks read it. */
export interface Delivery {
  downloadUrl: string;
  size: number;
  stamped: boolean;
}

/** One delivery of a file for an order (one download counted), as the member site asks. */
export async function deliver(
  base: string,
  secret: string,
  orderId: string,
  fileId: string,
): Promise<Delivery> {
  const { delivery } = await signedPost<{ delivery: Delivery }>(
    base,
    secret,
    '/api/internal/deliveries',
    { orderId, fileId },
  );
  return delivery;
}

/** One delivery of the sold file (one download counted): its link, as the buyer gets it. */
export async function deliveryLink(base: string, secret: string, sold: SoldFile): Promise<URL> {
  const delivery = await deliver(base, secret, sold.orderId, sold.fileId);
  return new URL(delivery.downloadUrl);
}

/**
 * Whether `chunk`, found at byte `offset` of the sold file, holds the file's bytes there. A
 * memcmp against the repeated part, so that checking costs the client little.
 */
export function matchesFile(sold: SoldFile, offset: number, chunk: Buffer): boolean {
  const { part } = sold;
  let checked = 0;
  while (checked < chunk.length) {
    const at = (offset + checked) % part.length;
    const length = Math.min(part.length - at, chunk.length - checked);
    if (part.compare(chunk, checked, checked + length, at, at + length) !== 0) return false;
    checked += length;
  }
  return true;
}
