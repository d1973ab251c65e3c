import { createProduct } from '@seller/contract/products/create-product';
import { deleteProduct } from '@seller/contract/products/delete-product';
import { getDownloadUrl } from '@seller/contract/products/get-download-url';
import { getProduct } from '@seller/contract/products/get-product';
import { getProductStats } from '@seller/contract/products/get-product-stats';
import { listMyProducts } from '@seller/contract/products/list-my-products';
import { updateProduct } from '@seller/contract/products/update-product';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { ProductService } from './products.service.ts';

export async function productRoutes(app: FastifyInstance, options: { products: ProductService }) {
  const { products } = options;

  defineRoute(app, createProduct, ({ seller, body }) => products.create(seller.id, body));
  // The dashboard's reads: cached per seller, dropped on every change to their products.
  defineRoute(
    app,
    listMyProducts,
    async ({ seller }) => ({ products: await products.listMine(seller.id) }),
    { cached: true },
  );
  defineRoute(app, getProductStats, ({ seller }) => products.stats(seller.id), { cached: true });
  defineRoute(app, getProduct, ({ seller, params }) => products.get(seller.id, params.id));
  defineRoute(app, updateProduct, ({ seller, params, body }) =>
    products.update(seller.id, params.id, body),
  );
  defineRoute(app, deleteProduct, ({ seller, params }) => products.remove(seller.id, params.id));
  defineRoute(app, getDownloadUrl, async ({ seller, params }) => ({
    downloadUrl: await products.downloadUrl(seller.id, params.id, params.fileId),
  }));
}
