import { limits, type ProductStatus } from '@seller/contract/limits';
import type { createProductBodySchema } from '@seller/contract/products/create-product';
import type {
  Product,
  ProductDetail,
  ProductFile,
  ProductThumbnail,
} from '@seller/contract/products/product';
import type { updateProductBodySchema } from '@seller/contract/products/update-product';
import type { ValidationCode } from '@seller/contract/validation-messages';
import type { z } from 'zod';
import type { ProductFileRow, ProductRow, ProductThumbnailRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { ProductRepository, Transaction } from './products.repository.ts';

/**
 * Attaches this seller's uploads inside the caller's transaction (the uploads service's
 * `claim`); throws a 400 AppError when any key is not such an upload.
 */
export type ClaimUploads = UploadsService['claim'];

/** The storage operations products need: public thumbnail URLs, signed private downloads. */
export interface ProductStorage {
  publicUrl(key: string): string;
  presignGet(
    key: string,
    options: { fileName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string>;
}

export const downloadUrlTtlSeconds = 5 * 60;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => uuidPattern.test(value);

const productNotFound = () => notFound('Product');
const invalid = (path: string, code: ValidationCode, text: string) =>
  new AppError('validation_failed', text, [{ path, code }]);

type CreateInput = z.output<typeof createProductBodySchema>;
type UpdateInput = z.output<typeof updateProductBodySchema>;

export function createProductService(deps: {
  products: ProductRepository;
  claimUploads: ClaimUploads;
  storage: ProductStorage;
  productReview: boolean;
}) {
  const { products, claimUploads, storage, productReview } = deps;

  /** Attaches the seller's uploads: product files first, then thumbnail images. */
  const claimProductUploads = async (
    tx: Transaction,
    sellerId: string,
    files: readonly { s3Key: string }[],
    thumbnails: readonly { s3Key: string }[],
  ) => ({
    files: await claimUploads(
      tx,
      sellerId,
      files.map((file) => file.s3Key),
      'file',
    ),
    images: await claimUploads(
      tx,
      sellerId,
      thumbnails.map((thumbnail) => thumbnail.s3Key),
      'image',
    ),
  });

  const toProduct = (row: ProductRow, fileCount: number, mainKey: string | null): Product => ({
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    status: row.status as ProductStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    view_count: row.viewCount,
    sales_count: row.salesCount,
    file_count: fileCount,
    thumbnail_url: mainKey === null ? null : storage.publicUrl(mainKey),
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
    files: ProductFileRow[],
    thumbnails: ProductThumbnailRow[],
  ): ProductDetail => ({
    product: toProduct(row, files.length, thumbnails[0]?.storageKey ?? null),
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
        throw invalid('files', 'uploadAlreadyAttached', 'An upload is already attached');
      }
      throw error;
    }
  }

  return {
    async create(sellerId: string, input: CreateInput): Promise<ProductDetail> {
      const markedMain = input.thumbnails.findIndex((thumbnail) => thumbnail.is_main);
      const mainIndex = Math.max(markedMain, 0);
      return withAttachGuard(() =>
        products.transaction(async (queries, tx) => {
          const { files, images } = await claimProductUploads(
            tx,
            sellerId,
            input.files,
            input.thumbnails,
          );
          const product = await queries.insertProduct({
            sellerId,
            title: input.title,
            description: input.description,
            price: input.price,
            status: productReview ? 'pending' : 'active',
          });
          await queries.insertFiles(
            files.map((file, position) => ({
              productId: product.id,
              storageKey: file.key,
              originalName: file.originalName,
              extension: file.extension,
              contentType: file.contentType,
              size: file.size,
              position,
            })),
          );
          await queries.insertThumbnails(
            images.map((image, position) => ({
              productId: product.id,
              storageKey: image.key,
              originalName: image.originalName,
              isMain: position === mainIndex,
              position,
            })),
          );
          return detail(
            product,
            await queries.files(product.id),
            await queries.thumbnails(product.id),
          );
        }),
      );
    },

    async listMine(sellerId: string): Promise<Product[]> {
      const rows = await products.listForSeller(sellerId);
      return rows.map((row) => toProduct(row.product, row.fileCount, row.mainThumbnailKey));
    },

    async get(sellerId: string, productId: string): Promise<ProductDetail> {
      if (!isUuid(productId)) throw productNotFound();
      const row = await products.findOwned(sellerId, productId);
      if (!row) throw productNotFound();
      return detail(row, await products.files(row.id), await products.thumbnails(row.id));
    },

    async update(sellerId: string, productId: string, input: UpdateInput): Promise<ProductDetail> {
      if (!isUuid(productId)) throw productNotFound();
      return withAttachGuard(() =>
        products.transaction(async (queries, tx) => {
          const row = await queries.findOwned(sellerId, productId, { forUpdate: true });
          if (!row) throw productNotFound();
          if (row.status === 'deleted') {
            throw new AppError('product_deleted', 'A deleted product cannot be edited');
          }
          if (input.price !== undefined && input.price !== row.price) {
            throw new AppError('price_not_editable', 'The price cannot change after creation', [
              { path: 'price', code: 'priceNotEditable' },
            ]);
          }
          if (input.status !== undefined && row.status === 'pending') {
            throw new AppError(
              'status_not_editable',
              'A product under review cannot change its status',
              [{ path: 'status', code: 'statusNotEditable' }],
            );
          }

          const files = await queries.files(row.id);
          const thumbnails = await queries.thumbnails(row.id);
          const deletedFileIds = [...new Set(input.deletedFileIds)];
          const deletedThumbnailIds = [...new Set(input.deletedThumbnailIds)];
          const fileIds = new Set(files.map((file) => file.id));
          const thumbnailIds = new Set(thumbnails.map((thumbnail) => thumbnail.id));
          if (deletedFileIds.some((id) => !fileIds.has(id))) {
            throw invalid(
              'deletedFileIds',
              'fileNotFound',
              'A file to remove is not part of this product',
            );
          }
          if (deletedThumbnailIds.some((id) => !thumbnailIds.has(id))) {
            throw invalid(
              'deletedThumbnailIds',
              'thumbnailNotFound',
              'A thumbnail to remove is not part of this product',
            );
          }
          const fileTotal = files.length - deletedFileIds.length + input.newFiles.length;
          if (fileTotal < 1)
            throw invalid('newFiles', 'fileRequired', 'At least one file must remain');
          if (fileTotal > limits.productFiles.max) {
            throw invalid('newFiles', 'tooManyFiles', `At most ${limits.productFiles.max} files`);
          }
          const thumbnailTotal =
            thumbnails.length - deletedThumbnailIds.length + input.newThumbnails.length;
          if (thumbnailTotal < 1) {
            throw invalid(
              'newThumbnails',
              'minimumThumbnailRequired',
              'At least one thumbnail must remain',
            );
          }
          if (thumbnailTotal > limits.thumbnails.max) {
            throw invalid(
              'newThumbnails',
              'maxImages',
              `At most ${limits.thumbnails.max} thumbnails`,
            );
          }

          const { files: claimedFiles, images: claimedImages } = await claimProductUploads(
            tx,
            sellerId,
            input.newFiles,
            input.newThumbnails,
          );

          await queries.deleteFiles(row.id, deletedFileIds);
          await queries.deleteThumbnails(row.id, deletedThumbnailIds);

          const nextFilePosition = Math.max(-1, ...files.map((file) => file.position)) + 1;
          await queries.insertFiles(
            claimedFiles.map((file, index) => ({
              productId: row.id,
              storageKey: file.key,
              originalName: file.originalName,
              extension: file.extension,
              contentType: file.contentType,
              size: file.size,
              position: nextFilePosition + index,
            })),
          );

          const newMainIndex = input.newThumbnails.findIndex((thumbnail) => thumbnail.is_main);
          if (newMainIndex >= 0) await queries.clearMainThumbnail(row.id);
          const nextThumbnailPosition =
            Math.max(-1, ...thumbnails.map((thumbnail) => thumbnail.position)) + 1;
          await queries.insertThumbnails(
            claimedImages.map((image, index) => ({
              productId: row.id,
              storageKey: image.key,
              originalName: image.originalName,
              isMain: index === newMainIndex,
              position: nextThumbnailPosition + index,
            })),
          );
          const remaining = await queries.thumbnails(row.id);
          const first = remaining[0];
          if (first && !remaining.some((thumbnail) => thumbnail.isMain)) {
            await queries.setMainThumbnail(first.id);
          }

          const updated = await queries.updateProduct(row.id, {
            title: input.title,
            ...(input.description === undefined ? {} : { description: input.description }),
            ...(input.status === undefined ? {} : { status: input.status }),
          });
          return detail(updated, await queries.files(row.id), await queries.thumbnails(row.id));
        }),
      );
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
