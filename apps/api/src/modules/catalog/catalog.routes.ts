import { Readable } from 'node:stream';
import { getCatalogProductEndpoint } from '@seller/contract/catalog/get-catalog-product';
import { getCreatorPageEndpoint } from '@seller/contract/catalog/get-creator-page';
import { getSampleEndpoint } from '@seller/contract/catalog/get-sample';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import {
  definePublicRead,
  type EtagMemory,
  ifNoneMatchHits,
  strongEtag,
} from '../../lib/public-read.ts';
import { attachmentDisposition, inlineDisposition } from '../../storage/content-disposition.ts';

/** PDFs and images are shown in the browser; other samples are saved. */
const shownInline = (contentType: string) =>
  contentType === 'application/pdf' || contentType.startsWith('image/');

import type { CatalogService } from './catalog.service.ts';

/**
 * The public catalog: no authentication, readable and cacheable by any site (the CORS plugin
 * answers these paths with `Access-Control-Allow-Origin: *`).
 */
export async function catalogRoutes(
  app: FastifyInstance,
  { catalog, etagMemory }: { catalog: CatalogService; etagMemory: EtagMemory },
) {
  definePublicRead(app, getCreatorPageEndpoint, {
    key: ({ nickname }) => `seller\n${nickname}`,
    read: ({ nickname }) => catalog.creatorPage(nickname),
    memory: etagMemory,
  });
  definePublicRead(app, getCatalogProductEndpoint, {
    key: ({ nickname, productId }) => `product\n${nickname}\n${productId}`,
    read: ({ nickname, productId }) => catalog.productPage(nickname, productId),
    memory: etagMemory,
  });

  // Bytes, not JSON: registered by hand with the contract's params. A sample's URL names a
  // version, whose bytes never change: any cache may keep it an hour. The bytes stream from
  // storage as they are sent, never held whole.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getSampleEndpoint.method,
    url: toFastifyPath(getSampleEndpoint.path),
    schema: { ...routeSchema(getSampleEndpoint), params: getSampleEndpoint.params },
    handler: async (request, reply) => {
      const { sampleId, kind } = request.params;
      const sample = await catalog.sample(sampleId, kind);
      const etag = strongEtag(`${sampleId}\n${kind}\n${sample.size}`);
      const condition = request.headers['if-none-match'];
      const fresh = condition !== undefined && ifNoneMatchHits(condition, etag);
      // A HEAD reads nothing: an empty stream keeps the length below (Fastify would answer a
      // HEAD without a body with a length of 0, and reads a stream it is given to its end).
      const body = fresh || request.method === 'HEAD' ? Readable.from([]) : await sample.open();
      reply
        .header('cache-control', 'public, max-age=3600')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (fresh) return reply.code(304).send();
      return reply
        .header('content-type', sample.contentType)
        .header(
          'content-disposition',
          shownInline(sample.contentType)
            ? inlineDisposition(sample.fileName)
            : attachmentDisposition(sample.fileName),
        )
        .header('content-length', String(sample.size))
        .send(body);
    },
  });
}
