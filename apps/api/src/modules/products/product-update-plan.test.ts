import { limits } from '@seller/contract/limits';
import { describe, expect, it } from 'vitest';
import type { ProductFileRow, ProductRow, ProductThumbnailRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type CurrentProduct,
  planProductUpdate,
  type UpdateProductInput,
} from './product-update-plan.ts';

const at = new Date('2026-01-01T00:00:00Z');

function product(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 'product-1',
    sellerId: 'seller-1',
    title: 'Guide',
    description: 'Old description',
    price: 12,
    status: 'active',
    viewCount: 0,
    downloadLimit: 5,
    pdfStamp: false,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    ...overrides,
  };
}

function file(id: string, position: number): ProductFileRow {
  return {
    id,
    productId: 'product-1',
    storageKey: `sellers/seller-1/${id}.pdf`,
    originalName: `${id}.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    size: 100,
    position,
    version: 1,
    versionLabel: null,
    isSample: false,
    samplePages: 0,
    createdAt: at,
  };
}

function thumbnail(id: string, position: number, isMain = false): ProductThumbnailRow {
  return {
    id,
    productId: 'product-1',
    storageKey: `sellers/seller-1/${id}.png`,
    originalName: `${id}.png`,
    isMain,
    position,
    createdAt: at,
  };
}

/** One file and two thumbnails, the second one main. */
function current(overrides: Partial<CurrentProduct> = {}): CurrentProduct {
  return {
    product: product(),
    files: [file('f1', 0)],
    thumbnails: [thumbnail('t2', 1, true), thumbnail('t1', 0)],
    ...overrides,
  };
}

function input(overrides: Partial<UpdateProductInput> = {}): UpdateProductInput {
  return {
    title: 'Guide',
    newFiles: [],
    deletedFileIds: [],
    newThumbnails: [],
    deletedThumbnailIds: [],
    ...overrides,
  };
}

const keys = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ s3Key: `${prefix}-${index}`, is_main: false }));

/** The AppError the plan throws: its code and detail, for comparing whole. */
function refusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, details: error.details };
  }
  throw new Error('the plan was accepted');
}

describe('planProductUpdate: refusals', () => {
  it('refuses any edit of a deleted product', () => {
    expect(
      refusal(() =>
        planProductUpdate(current({ product: product({ status: 'deleted' }) }), input()),
      ),
    ).toEqual({
      code: 'product_deleted',
      details: undefined,
    });
  });

  it('refuses a new price, and accepts the same one', () => {
    expect(refusal(() => planProductUpdate(current(), input({ price: 13 })))).toEqual({
      code: 'price_not_editable',
      details: [{ path: 'price', code: 'priceNotEditable' }],
    });
    expect(planProductUpdate(current(), input({ price: 12 })).fields).toEqual({ title: 'Guide' });
  });

  it('refuses a status for a product under review, and accepts one otherwise', () => {
    const pending = current({ product: product({ status: 'pending' }) });
    expect(refusal(() => planProductUpdate(pending, input({ status: 'inactive' })))).toEqual({
      code: 'status_not_editable',
      details: [{ path: 'status', code: 'statusNotEditable' }],
    });
    expect(planProductUpdate(pending, input()).fields).toEqual({ title: 'Guide' });
    expect(planProductUpdate(current(), input({ status: 'inactive' })).fields.status).toBe(
      'inactive',
    );
  });

  it('refuses to remove a file or thumbnail that is not part of the product', () => {
    expect(
      refusal(() => planProductUpdate(current(), input({ deletedFileIds: ['other'] }))),
    ).toEqual({
      code: 'validation_failed',
      details: [{ path: 'deletedFileIds', code: 'fileNotFound' }],
    });
    expect(
      refusal(() => planProductUpdate(current(), input({ deletedThumbnailIds: ['f1'] }))),
    ).toEqual({
      code: 'validation_failed',
      details: [{ path: 'deletedThumbnailIds', code: 'thumbnailNotFound' }],
    });
  });

  it('keeps at least one file', () => {
    expect(refusal(() => planProductUpdate(current(), input({ deletedFileIds: ['f1'] })))).toEqual({
      code: 'validation_failed',
      details: [{ path: 'newFiles', code: 'fileRequired' }],
    });
    const replaced = planProductUpdate(
      current(),
      input({ deletedFileIds: ['f1'], newFiles: keys('file', 1) }),
    );
    expect(replaced.deleteFileIds).toEqual(['f1']);
  });

  it(`allows at most ${limits.productFiles.max} files once removals and additions apply`, () => {
    const max = limits.productFiles.max;
    expect(
      refusal(() => planProductUpdate(current(), input({ newFiles: keys('file', max) }))),
    ).toEqual({
      code: 'validation_failed',
      details: [{ path: 'newFiles', code: 'tooManyFiles' }],
    });
    const full = planProductUpdate(current(), input({ newFiles: keys('file', max - 1) }));
    expect(full.newFiles.keys).toHaveLength(max - 1);
    const swapped = planProductUpdate(
      current(),
      input({ deletedFileIds: ['f1'], newFiles: keys('file', max) }),
    );
    expect(swapped.newFiles.keys).toHaveLength(max);
  });

  it('keeps at least one thumbnail', () => {
    expect(
      refusal(() => planProductUpdate(current(), input({ deletedThumbnailIds: ['t1', 't2'] }))),
    ).toEqual({
      code: 'validation_failed',
      details: [{ path: 'newThumbnails', code: 'minimumThumbnailRequired' }],
    });
  });

  it(`allows at most ${limits.thumbnails.max} thumbnails once removals and additions apply`, () => {
    const room = limits.thumbnails.max - 2;
    expect(
      refusal(() =>
        planProductUpdate(current(), input({ newThumbnails: keys('image', room + 1) })),
      ),
    ).toEqual({
      code: 'validation_failed',
      details: [{ path: 'newThumbnails', code: 'maxImages' }],
    });
    const full = planProductUpdate(current(), input({ newThumbnails: keys('image', room) }));
    expect(full.newThumbnails.keys).toHaveLength(room);
  });

  it('refuses two new thumbnails marked main', () => {
    const twoMain = [
      { s3Key: 'a', is_main: true },
      { s3Key: 'b', is_main: true },
    ];
    expect(refusal(() => planProductUpdate(current(), input({ newThumbnails: twoMain })))).toEqual({
      code: 'validation_failed',
      details: [{ path: 'newThumbnails', code: 'oneMainThumbnail' }],
    });
  });

  it('checks the product before the ids and the ids before the counts', () => {
    const deleted = current({ product: product({ status: 'deleted' }) });
    expect(refusal(() => planProductUpdate(deleted, input({ price: 1 }))).code).toBe(
      'product_deleted',
    );
    expect(
      refusal(() => planProductUpdate(current(), input({ price: 1, deletedFileIds: ['other'] })))
        .code,
    ).toBe('price_not_editable');
    expect(
      refusal(() => planProductUpdate(current(), input({ deletedFileIds: ['f1', 'other'] })))
        .details,
    ).toEqual([{ path: 'deletedFileIds', code: 'fileNotFound' }]);
  });
});

describe('planProductUpdate: the plan', () => {
  it('removes each listed id once, however often it is listed', () => {
    const plan = planProductUpdate(
      current({ files: [file('f1', 0), file('f2', 1)] }),
      input({ deletedFileIds: ['f1', 'f1'], deletedThumbnailIds: ['t1', 't1'] }),
    );
    expect(plan.deleteFileIds).toEqual(['f1']);
    expect(plan.deleteThumbnailIds).toEqual(['t1']);
  });

  it('numbers new files and thumbnails after every current one, removed ones included', () => {
    const plan = planProductUpdate(
      current({ files: [file('f1', 0), file('f2', 4)] }),
      input({
        deletedFileIds: ['f2'],
        newFiles: keys('file', 2),
        newThumbnails: keys('image', 1),
      }),
    );
    expect(plan.newFiles).toEqual({ keys: ['file-0', 'file-1'], firstPosition: 5 });
    expect(plan.newThumbnails).toEqual({ keys: ['image-0'], firstPosition: 2 });
  });

  it('keeps the main thumbnail when nothing changes it', () => {
    expect(planProductUpdate(current(), input()).mainThumbnail).toEqual({
      kind: 'existing',
      id: 't2',
      alreadyMain: true,
    });
  });

  it('makes a new thumbnail marked main the main one', () => {
    const plan = planProductUpdate(
      current(),
      input({
        newThumbnails: [
          { s3Key: 'a', is_main: false },
          { s3Key: 'b', is_main: true },
        ],
      }),
    );
    expect(plan.mainThumbnail).toEqual({ kind: 'new', index: 1 });
  });

  it('gives the mark to the first remaining thumbnail by position when the main one goes', () => {
    const plan = planProductUpdate(
      current({
        thumbnails: [thumbnail('t3', 2, true), thumbnail('t2', 1), thumbnail('t1', 0)],
      }),
      input({ deletedThumbnailIds: ['t3'], newThumbnails: keys('image', 1) }),
    );
    expect(plan.mainThumbnail).toEqual({ kind: 'existing', id: 't1', alreadyMain: false });
  });

  it('gives the mark to the first new thumbnail when no current one remains', () => {
    const plan = planProductUpdate(
      current(),
      input({ deletedThumbnailIds: ['t1', 't2'], newThumbnails: keys('image', 2) }),
    );
    expect(plan.mainThumbnail).toEqual({ kind: 'new', index: 0 });
  });

  it('updates the title always, the description and status only when given', () => {
    expect(planProductUpdate(current(), input({ title: 'New' })).fields).toEqual({ title: 'New' });
    expect(
      planProductUpdate(current(), input({ description: '', status: 'active' })).fields,
    ).toEqual({ title: 'Guide', description: '', status: 'active' });
  });
});
