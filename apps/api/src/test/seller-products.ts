import type { ProductDetail } from '@seller/contract/products/product';
import type { FastifyInstance } from 'fastify';
import { pdf, png, uploadCompleted } from './completed-uploads.ts';
import { bearer } from './sellers.ts';

/** A product of the seller, made through the real upload and create calls. */
export async function createProductFor(
  app: FastifyInstance,
  token: string,
  title = 'A product',
): Promise<ProductDetail> {
  const file = await uploadCompleted(app, token, pdf());
  const image = await uploadCompleted(app, token, png());
  const response = await app.inject({
    method: 'POST',
    url: '/api/products/create',
    headers: bearer(token),
    payload: {
      title,
      description: '',
      price: 10,
      files: [{ s3Key: file.s3Key }],
      thumbnails: [{ s3Key: image.s3Key }],
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<ProductDetail>();
}
