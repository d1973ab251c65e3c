import { createFileVersionEndpoint } from '@seller/contract/products/create-file-version';
import { createProductEndpoint } from '@seller/contract/products/create-product';
import { deleteProductEndpoint } from '@seller/contract/products/delete-product';
import { getDownloadUrlEndpoint } from '@seller/contract/products/get-download-url';
import { getProductEndpoint } from '@seller/contract/products/get-product';
import { getProductStatsEndpoint } from '@seller/contract/products/get-product-stats';
import { listFileVersionsEndpoint } from '@seller/contract/products/list-file-versions';
import { listMyProductsEndpoint } from '@seller/contract/products/list-my-products';
import { updateProductEndpoint } from '@seller/contract/products/update-product';
import { updateProductFileEndpoint } from '@seller/contract/products/update-product-file';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { ProductService } from './products.service.ts';

export async function productRoutes(app: FastifyInstance, options: { products: ProductService }) {
  const { products } = options;

  defineRoute(app, createProductEndpoint, ({ seller, body }) => products.create(seller.id, body));
  defineRoute(app, listMyProductsEndpoint, ({ seller }) => products.listMine(seller.id));
  defineRoute(app, getProductStatsEndpoint, ({ seller }) => products.stats(seller.id));
  defineRoute(app, getProductEndpoint, ({ seller, params }) => products.get(seller.id, params.id));
  defineRoute(app, updateProductEndpoint, ({ seller, params, body }) =>
    products.update(seller.id, params.id, body),
  );
  defineRoute(app, deleteProductEndpoint, ({ seller, params }) =>
    products.remove(seller.id, params.id),
  );
  defineRoute(app, createFileVersionEndpoint, ({ seller, params, body }) =>
    products.addVersion(seller.id, params.id, params.fileId, body),
  );
  defineRoute(app, listFileVersionsEndpoint, ({ seller, params }) =>
    products.listVersions(seller.id, params.id, params.fileId),
  );
  defineRoute(app, updateProductFileEndpoint, ({ seller, params, body }) =>
    products.updateFile(seller.id, params.id, params.fileId, body),
  );
  defineRoute(app, getDownloadUrlEndpoint, async ({ seller, params }) => ({
    downloadUrl: await products.downloadUrl(seller.id, params.id, params.fileId),
  }));
}
