import { limits } from '@seller/contract/limits';
import type { updateProductBodySchema } from '@seller/contract/products/update-product';
import type { z } from 'zod';
import type { ProductFileRow, ProductRow, ProductThumbnailRow } from '../../db/schema.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';

export type UpdateProductInput = z.output<typeof updateProductBodySchema>;

/** A product as stored, with its files and thumbnails, locked while the update applies. */
export interface CurrentProduct {
  product: ProductRow;
  files: readonly ProductFileRow[];
  thumbnails: readonly ProductThumbnailRow[];
}

/** Uploads to attach, in the order given, from `firstPosition` on (after every current one). */
export interface NewAttachments {
  keys: string[];
  firstPosition: number;
}

/** The thumbnail that is main once the update applies. */
export type MainThumbnail =
  | { kind: 'new'; index: number }
  | { kind: 'existing'; id: string; alreadyMain: boolean };

export interface ProductUpdatePlan {
  deleteFileIds: string[];
  deleteThumbnailIds: string[];
  newFiles: NewAttachments;
  newThumbnails: NewAttachments;
  mainThumbnail: MainThumbnail;
  fields: Partial<
    Pick<ProductRow, 'title' | 'description' | 'status' | 'downloadLimit' | 'pdfStamp'>
  >;
}

/** Whether every id is one of the rows'. */
const allAmong = (ids: readonly string[], rows: readonly { id: string }[]) => {
  const known = new Set(rows.map((row) => row.id));
  return ids.every((id) => known.has(id));
};

const nextPosition = (rows: readonly { position: number }[]) =>
  Math.max(-1, ...rows.map((row) => row.position)) + 1;

/**
 * Decides what an edit does to a product, or throws the AppError of the first rule it breaks;
 * no database involved, so every rule is checked the same way wherever the data comes from.
 */
export function planProductUpdate(
  current: CurrentProduct,
  input: UpdateProductInput,
): ProductUpdatePlan {
  const { product, files, thumbnails } = current;
  if (product.status === 'deleted') {
    throw new AppError('product_deleted', 'A deleted product cannot be edited');
  }
  if (input.price !== undefined && input.price !== product.price) {
    throw new AppError('price_not_editable', 'The price cannot change after creation', [
      { path: 'price', code: 'priceNotEditable' },
    ]);
  }
  if (input.status !== undefined && product.status === 'pending') {
    throw new AppError('status_not_editable', 'A product under review cannot change its status', [
      { path: 'status', code: 'statusNotEditable' },
    ]);
  }

  const deleteFileIds = [...new Set(input.deletedFileIds)];
  const deleteThumbnailIds = [...new Set(input.deletedThumbnailIds)];
  if (!allAmong(deleteFileIds, files)) {
    throw invalidField(
      'deletedFileIds',
      'fileNotFound',
      'A file to remove is not part of this product',
    );
  }
  if (!allAmong(deleteThumbnailIds, thumbnails)) {
    throw invalidField(
      'deletedThumbnailIds',
      'thumbnailNotFound',
      'A thumbnail to remove is not part of this product',
    );
  }

  const fileTotal = files.length - deleteFileIds.length + input.newFiles.length;
  if (fileTotal < 1)
    throw invalidField('newFiles', 'fileRequired', 'At least one file must remain');
  if (fileTotal > limits.productFiles.max) {
    throw invalidField('newFiles', 'tooManyFiles', `At most ${limits.productFiles.max} files`);
  }
  const thumbnailTotal = thumbnails.length - deleteThumbnailIds.length + input.newThumbnails.length;
  if (thumbnailTotal < 1) {
    throw invalidField(
      'newThumbnails',
      'minimumThumbnailRequired',
      'At least one thumbnail must remain',
    );
  }
  if (thumbnailTotal > limits.thumbnails.max) {
    throw invalidField('newThumbnails', 'maxImages', `At most ${limits.thumbnails.max} thumbnails`);
  }
  if (input.newThumbnails.filter((thumbnail) => thumbnail.is_main).length > 1) {
    throw invalidField('newThumbnails', 'oneMainThumbnail', 'Only one thumbnail can be main');
  }

  return {
    deleteFileIds,
    deleteThumbnailIds,
    newFiles: {
      keys: input.newFiles.map((file) => file.s3Key),
      firstPosition: nextPosition(files),
    },
    newThumbnails: {
      keys: input.newThumbnails.map((thumbnail) => thumbnail.s3Key),
      firstPosition: nextPosition(thumbnails),
    },
    mainThumbnail: chooseMain(thumbnails, deleteThumbnailIds, input.newThumbnails),
    fields: {
      title: input.title,
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.download_limit === undefined ? {} : { downloadLimit: input.download_limit }),
      ...(input.pdf_stamp === undefined ? {} : { pdfStamp: input.pdf_stamp }),
    },
  };
}

/**
 * A new thumbnail marked main takes the mark; otherwise the current main one keeps it, and when
 * it is removed the first remaining thumbnail (the first new one when none remains) gets it.
 */
function chooseMain(
  thumbnails: readonly ProductThumbnailRow[],
  deleted: readonly string[],
  added: UpdateProductInput['newThumbnails'],
): MainThumbnail {
  const markedNew = added.findIndex((thumbnail) => thumbnail.is_main);
  if (markedNew >= 0) return { kind: 'new', index: markedNew };
  const removed = new Set(deleted);
  const remaining = thumbnails.filter((thumbnail) => !removed.has(thumbnail.id));
  const main = remaining.find((thumbnail) => thumbnail.isMain);
  if (main) return { kind: 'existing', id: main.id, alreadyMain: true };
  const [first] = [...remaining].sort((a, b) => a.position - b.position);
  return first ? { kind: 'existing', id: first.id, alreadyMain: false } : { kind: 'new', index: 0 };
}
