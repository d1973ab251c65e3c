import { limits, type ProductStatus } from '@seller/contract/limits';
import type { createProductBodySchema } from '@seller/contract/products/create-product';
import type { ProductListItem } from '@seller/contract/products/list-my-products';
import type {
  Product,
  ProductDetail,
  ProductFile,
  ProductThumbnail,
} from '@seller/contract/products/product';
import type { z } from 'zod';
import type { ProductFileRow, ProductRow, ProductThumbnailRow } from '../../db/schema.ts';
import { invalidField, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../storage/storage.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { planProductUpdate, type UpdateProductInput } from './product-update-plan.ts';
import type {
  NewProductFile,
  NewProductThumbnail,
  ProductRepository,
  Transaction,
} from './products.repository.ts';

/**
 * Attaches this seller's uploads inside the caller's transaction (the uploads service's
 * `claim`); throws a 400 AppError when any key is not such an upload.
 */
export type ClaimUploads = UploadsService['claim'];

/** The storage operations products need: public thumbnail URLs, signed private downloads. */
export type ProductStorage = Pick<Storage, 'publicUrl' | 'presignGet'>;

export const downloadUrlTtlSeconds = 5 * 60;

const productNotFound = () => notFound('Product');

type CreateProductInput = z.output<typeof createProductBodySchema>;

/** An upload the claim handed over: what a file or thumbnail row keeps of it. */
type ClaimedUpload = Awaited<ReturnType<ClaimUploads>>[number];

/** The rows of uploads attached as product files, numbered from `firstPosition`. */
function fileRows(
  productId: string,
  uploads: readonly ClaimedUpload[],
  firstPosition: number,
): NewProductFile[] {
  return uploads.map((upload, index) => ({
    productId,
    storageKey: upload.key,
    originalName: upload.originalName,
    extension: upload.extension,
    contentType: upload.contentType,
    size: upload.size,
    position: firstPosition + index,
  }));
}

/** The rows of uploads attached as thumbnails; the one at `mainIndex`, if any, is main. */
function thumbnailRows(
  productId: string,
  uploads: readonly ClaimedUpload[],
  firstPosition: number,
  mainIndex: number | undefined,
): NewProductThumbnail[] {
  return uploads.map((upload, index) => ({
    productId,
    storageKey: upload.key,
    originalName: upload.originalName,
    isMain: index === mainIndex,
    position: firstPosition + index,
  }));
}

/**
 * What other modules do when a seller edits a product, inside the edit's transaction (its
 * webhook event), and once it has committed.
 */
export interface ProductListener {
  afterUpdate(tx: Transaction, sellerId: string, product: ProductDetail['product']): Promise<void>;
  afterCommit(): void;
}

export function createProductService(deps: {
  products: ProductRepository;
  claimUploads: ClaimUploads;
  storage: ProductStorage;
  productReview: boolean;
  listeners?: readonly ProductListener[];
}) {
  const { products, claimUploads, storage, productReview } = deps;
  const listeners = deps.listeners ?? [];

  /** Attaches the seller's uploads: product files first, then thumbnail images. */
  const claimProductUploads = async (
    tx: Transaction,
    sellerId: string,
    fileKeys: readonly string[],
    imageKeys: readonly string[],
  ) => ({
    files: await claimUploads(tx, sellerId, fileKeys, 'file'),
    images: await claimUploads(tx, sellerId, imageKeys, 'image'),
  });

  const toProduct = (
    row: ProductRow,
    salesCount: number,
    fileCount: number,
    mainKey: string | null,
  ): Product => ({
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    status: row.status as ProductStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    view_count: row.viewCount,
    sales_count: salesCount,
    file_count: fileCount,
    thumbnail_url: mainKey === null ? null : storage.publicUrl(mainKey),
    download_limit: row.downloadLimit,
  });

  const toFile = (row: ProductFileRow): ProductFile => ({
    id: row.id,
    file_original_name: row.originalName,
    file_extension: row.extension,
    file_size: row.size,
    file_type: row.contentType,
  });

  const toThumbnail = (row: ProductThumbnailRow): ProductThumbnail => ({
    id: row.id,
    s3_url: storage.publicUrl(row.storageKey),
    image_original_name: row.originalName,
    is_main: row.isMain ? 1 : 0,
  });

  const detail = (
    row: ProductRow,
    salesCount: number,
    files: ProductFileRow[],
    thumbnails: ProductThumbnailRow[],
  ): ProductDetail => ({
    product: toProduct(row, salesCount, files.length, thumbnails[0]?.storageKey ?? null),
    files: files.map(toFile),
    thumbnails: thumbnails.map(toThumbnail),
  });

  /** A key attached twice (a race the claim did not catch) is a 400, never a 500. */
  async function withAttachGuard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('storage_key')) {
        throw invalidField('files', 'uploadAlreadyAttached', 'An upload is already attached');
      }
      throw error;
    }
  }

  return {
    async create(sellerId: string, input: CreateProductInput): Promise<ProductDetail> {
      const markedMain = input.thumbnails.findIndex((thumbnail) => thumbnail.is_main);
      return withAttachGuard(() =>
        products.transaction(async (queries, tx) => {
          const { files, images } = await claimProductUploads(
            tx,
            sellerId,
            input.files.map((file) => file.s3Key),
            input.thumbnails.map((thumbnail) => thumbnail.s3Key),
          );
          const product = await queries.insertProduct({
            sellerId,
            title: input.title,
            description: input.description,
            price: input.price,
            downloadLimit: input.download_limit ?? limits.downloadLimit.default,
            status: productReview ? 'pending' : 'active',
          });
          await queries.insertFiles(fileRows(product.id, files, 0));
          // The first thumbnail is main unless another one is marked.
          await queries.insertThumbnails(
            thumbnailRows(product.id, images, 0, Math.max(markedMain, 0)),
          );
          return detail(
            product,
            0,
            await queries.files(product.id),
            await queries.thumbnails(product.id),
          );
        }),
      );
    },

    async listMine(sellerId: string): Promise<ProductListItem[]> {
      const rows = await products.listForSeller(sellerId);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        price: row.price,
        status: row.status as ProductStatus,
        created_at: row.createdAt,
        updated_at: row.updatedAt,
        view_count: row.viewCount,
        sales_count: row.salesCount,
        file_count: row.fileCount,
        thumbnail_url:
          row.mainThumbnailKey === null ? null : storage.publicUrl(row.mainThumbnailKey),
        download_limit: row.downloadLimit,
        revenue: row.revenue,
        net_revenue: row.netRevenue,
      }));
    },

    async get(sellerId: string, productId: string): Promise<ProductDetail> {
      if (!isUuid(productId)) throw productNotFound();
      const row = await products.findOwned(sellerId, productId);
      if (!row) throw productNotFound();
      return detail(
        row,
        await products.salesCount(row.id),
        await products.files(row.id),
        await products.thumbnails(row.id),
      );
    },

    /** In one transaction: locks the product, plans the edit, claims the new uploads, applies. */
    async update(
      sellerId: string,
      productId: string,
      input: UpdateProductInput,
    ): Promise<ProductDetail> {
      if (!isUuid(productId)) throw productNotFound();
      return withAttachGuard(() =>
        products.transaction(async (queries, tx) => {
          const product = await queries.findOwned(sellerId, productId, { forUpdate: true });
          if (!product) throw productNotFound();
          const plan = planProductUpdate(
            {
              product,
              files: await queries.files(product.id),
              thumbnails: await queries.thumbnails(product.id),
            },
            input,
          );
          const claimed = await claimProductUploads(
            tx,
            sellerId,
            plan.newFiles.keys,
            plan.newThumbnails.keys,
          );
          await queries.deleteFiles(product.id, plan.deleteFileIds);
          await queries.deleteThumbnails(product.id, plan.deleteThumbnailIds);
          await queries.insertFiles(
            fileRows(product.id, claimed.files, plan.newFiles.firstPosition),
          );
          const main = plan.mainThumbnail;
          // One main thumbnail at a time (a unique index): the old mark goes before the new one.
          if (main.kind === 'new') await queries.clearMainThumbnail(product.id);
          await queries.insertThumbnails(
            thumbnailRows(
              product.id,
              claimed.images,
              plan.newThumbnails.firstPosition,
              main.kind === 'new' ? main.index : undefined,
            ),
          );
          if (main.kind === 'existing' && !main.alreadyMain) {
            await queries.setMainThumbnail(main.id);
          }
          const updated = await queries.updateProduct(product.id, plan.fields);
          const result = detail(
            updated,
            await queries.salesCount(product.id),
            await queries.files(product.id),
            await queries.thumbnails(product.id),
          );
          for (const listener of listeners)
            await listener.afterUpdate(tx, sellerId, result.product);
          return result;
        }),
      ).then((result) => {
        for (const listener of listeners) listener.afterCommit();
        return result;
      });
    },

    /** Soft delete: the row, its files and its sales stay; deleting again changes nothing. */
    async remove(sellerId: string, productId: string): Promise<void> {
      if (!isUuid(productId)) throw productNotFound();
      await products.transaction(async (queries) => {
        const row = await queries.findOwned(sellerId, productId, { forUpdate: true });
        if (!row) throw productNotFound();
        if (row.status === 'deleted') return;
        await queries.updateProduct(row.id, { status: 'deleted', deletedAt: new Date() });
      });
    },

    async downloadUrl(sellerId: string, productId: string, fileId: string): Promise<string> {
      if (!isUuid(productId)) throw productNotFound();
      const row = await products.findOwned(sellerId, productId);
      if (!row) throw productNotFound();
      const file = isUuid(fileId) ? await products.findFile(row.id, fileId) : undefined;
      if (!file) throw notFound('File');
      return storage.presignGet(file.storageKey, {
        fileName: file.originalName,
        contentType: file.contentType,
        expiresInSeconds: downloadUrlTtlSeconds,
      });
    },

    stats(sellerId: string) {
      return products.stats(sellerId);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;

export type ApprovalResult = 'approved' | 'not_found' | 'not_pending';

/** What `npm run products:approve -- <productId>` does: a pending product becomes active. */
export async function approveProduct(
  products: ProductRepository,
  productId: string,
): Promise<ApprovalResult> {
  if (!isUuid(productId)) return 'not_found';
  if (await products.approvePending(productId)) return 'approved';
  return (await products.findById(productId)) ? 'not_pending' : 'not_found';
}
