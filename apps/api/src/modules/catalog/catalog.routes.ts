import { getCatalogProductEndpoint } from '@seller/contract/catalog/get-catalog-product';
import { getCreatorPageEndpoint } from '@seller/contract/catalog/get-creator-page';
import type { FastifyInstance } from 'fastify';
import { definePublicRead, type EtagMemory } from '../../lib/public-read.ts';
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
}
