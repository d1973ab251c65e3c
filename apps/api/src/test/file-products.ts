import type { CreateDeliveryResponse } from '@seller/contract/internal/create-delivery';
import type { ProductDetail } from '@seller/contract/products/product';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { png, uploadCompleted } from './completed-uploads.ts';
import { signedPost } from './member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from './sellers.ts';

/** A file to attach: its name, type and bytes. */
export interface TestFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

const typeOf = (file: TestFile) => file.type ?? 'application/pdf';

/** A product with these files, made through the real upload and create calls. */
export async function productWithFiles(
  app: FastifyInstance,
  files: readonly TestFile[],
  seller?: TestSeller,
): Promise<{ seller: TestSeller; product: ProductDetail }> {
  const owner = seller ?? (await signUpSeller(app));
  const uploaded = [];
  for (const file of files) {
    uploaded.push(
      await uploadCompleted(app, owner.token, {
        name: file.name,
        type: typeOf(file),
        bytes: file.bytes,
      }),
    );
  }
  const image = await uploadCompleted(app, owner.token, png());
  const response = await app.inject({
    method: 'POST',
    url: '/api/products/create',
    headers: bearer(owner.token),
    payload: {
      title: 'Planner 2026',
      price: 10,
      files: uploaded.map((upload) => ({ s3Key: upload.s3Key })),
      thumbnails: [{ s3Key: image.s3Key }],
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  }
  return { seller: owner, product: response.json<ProductDetail>() };
}

/** Uploads the file and adds it as the file's new version; the answer as it came. */
export async function addVersion(
  app: FastifyInstance,
  seller: TestSeller,
  productId: string,
  fileId: string,
  file: TestFile,
  extra: { label?: string; changelog?: string } = {},
): Promise<LightMyRequestResponse> {
  const upload = await uploadCompleted(app, seller.token, {
    name: file.name,
    type: typeOf(file),
    bytes: file.bytes,
  });
  return app.inject({
    method: 'POST',
    url: `/api/products/${productId}/files/${fileId}/versions`,
    headers: bearer(seller.token),
    payload: { s3Key: upload.s3Key, ...extra },
  });
}

/** The member site's delivery call. */
export const askDelivery = (
  app: FastifyInstance,
  orderId: string,
  fileId: string,
  buyer?: { ip: string; userAgent: string },
) => signedPost(app, '/api/internal/deliveries', { orderId, fileId, ...(buyer ? { buyer } : {}) });

/** A delivery that must be given. */
export async function delivered(
  app: FastifyInstance,
  orderId: string,
  fileId: string,
  buyer?: { ip: string; userAgent: string },
): Promise<CreateDeliveryResponse['delivery']> {
  const response = await askDelivery(app, orderId, fileId, buyer);
  if (response.statusCode !== 201) {
    throw new Error(`delivery failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<CreateDeliveryResponse>().delivery;
}

/**
 * The bytes behind a download link: a local driver's link is read from the app (its path),
 * an S3 link from the store.
 */
export async function downloadBytes(
  app: FastifyInstance,
  url: string,
  publicUrl: string,
): Promise<Buffer> {
  if (url.startsWith(publicUrl)) {
    const response = await app.inject({ method: 'GET', url: url.slice(publicUrl.length) });
    if (response.statusCode !== 200) throw new Error(`download failed: ${response.statusCode}`);
    return response.rawPayload;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
