import type { CatalogProduct } from '@seller/contract/catalog/catalog-product';
import type { CatalogProductPage } from '@seller/contract/catalog/get-catalog-product';
import type { CreatorPage } from '@seller/contract/catalog/get-creator-page';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CatalogProductRow, CatalogRepository } from './catalog.repository.ts';

/** The catalog shows public images only: thumbnails and avatars. */
export type CatalogStorage = Pick<Storage, 'publicUrl'>;

/**
 * The public catalog (docs/product-rules.md, "The public catalog"): a seller's creator page and
 * product pages as the member site shows them. Only active products of accounts that are not
 * deleted; nothing private (no counts, revenue, status or file URLs). Everything else, an
 * unknown nickname and another seller's product included, is 404 `not_found`.
 */
export function createCatalogService(deps: {
  catalog: CatalogRepository;
  storage: CatalogStorage;
}) {
  const { catalog, storage } = deps;

  const toProduct = (row: CatalogProductRow): CatalogProduct => ({
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    thumbnail_url: row.mainThumbnailKey === null ? null : storage.publicUrl(row.mainThumbnailKey),
    file_count: row.fileCount,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  });

  return {
    async creatorPage(nickname: string): Promise<CreatorPage> {
      const page = await catalog.creatorPage(nickname);
      if (!page) throw notFound('Seller');
      const { seller } = page;
      return {
        seller: {
          id: seller.id,
          nickname: seller.nickname,
          bio: seller.bio,
          avatarUrl: seller.avatarUrl,
          memberSince: seller.createdAt,
        },
        products: page.products.map(toProduct),
      };
    },

    async productPage(nickname: string, productId: string): Promise<CatalogProductPage> {
      // An id that is not a uuid names no product: not looked for, answered the same.
      const page = isUuid(productId) ? await catalog.productPage(nickname, productId) : undefined;
      if (!page) throw notFound('Product');
      return {
        seller: page.seller,
        product: toProduct(page.product),
        files: page.files.map((file) => ({
          id: file.id,
          file_original_name: file.originalName,
          file_extension: file.extension,
          file_size: file.size,
          file_type: file.contentType,
        })),
        thumbnails: page.thumbnails.map((thumbnail) => ({
          id: thumbnail.id,
          s3_url: storage.publicUrl(thumbnail.storageKey),
          image_original_name: thumbnail.originalName,
          is_main: thumbnail.isMain ? 1 : 0,
        })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
