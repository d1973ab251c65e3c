import { randomUUID } from 'node:crypto';
import { limits, type ProductStatus } from '@seller/contract/limits';
import type {
  CreateFileVersionResponse,
  createFileVersionBodySchema,
} from '@seller/contract/products/create-file-version';
import type { createProductBodySchema } from '@seller/contract/products/create-product';
import type { ListFileVersionsResponse } from '@seller/contract/products/list-file-versions';
import type { MyProductsResponse } from '@seller/contract/products/list-my-products';
import type {
  FileVersion,
  Product,
  ProductDetail,
  ProductFile,
  ProductThumbnail,
} from '@seller/contract/products/product';
import type {
  UpdateProductFileResponse,
  updateProductFileBodySchema,
} from '@seller/contract/products/update-product-file';
import type { z } from 'zod';
import type {
  ProductFileRow,
  ProductFileVersionRow,
  ProductRow,
  ProductThumbnailRow,
} from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { type JsonText, jsonText } from '../../lib/json-text.ts';
import { type PdfWorker, pdfWorkMaxBytes } from '../../lib/pdf/pdf-worker.ts';
import { sha256Of } from '../../lib/sha256.ts';
import type { Storage } from '../../storage/storage.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { planProductUpdate, type UpdateProductInput } from './product-update-plan.ts';
import type {
  NewProductFile,
  NewProductThumbnail,
  ProductQueries,
  ProductRepository,
  Transaction,
  VersionSample,
} from './products.repository.ts';

/**
 * Attaches this seller's uploads inside the caller's transaction (the uploads service's
 * `claim`); throws a 400 AppError when any key is not such an upload.
 */
export type ClaimUploads = UploadsService['claim'];

/**
 * The storage operations products need: public thumbnail URLs, signed private downloads, and
 * reading files and writing their sample pages.
 */
export type ProductStorage = Pick<
  Storage,
  'publicUrl' | 'publicUrlBase' | 'presignGet' | 'read' | 'readPieces' | 'put' | 'delete'
>;

/** The PDF work products need: what a PDF is, and its first pages. */
export type ProductPdfWorker = Pick<PdfWorker, 'inspect' | 'sample'>;

type CreateFileVersionInput = z.output<typeof createFileVersionBodySchema>;
type UpdateProductFileInput = z.output<typeof updateProductFileBodySchema>;

/** A file's new version as the webhook event `product.updated` names it. */
export interface VersionEvent {
  id: string;
  version: number;
  label: string | null;
  changelog: string | null;
}

const pdfType = 'application/pdf';

const productDeleted = () => new AppError('product_deleted', 'A deleted product cannot be edited');

const passwordProtected = (path: string) =>
  new AppError(
    'pdf_password_protected',
    'This PDF needs a password to open: it cannot be stamped or sampled',
    [{ path, code: 'pdfPasswordProtected' }],
  );

const samplePagesNotPdf = (path: string) =>
  new AppError('sample_pages_not_pdf', 'Only a PDF file can offer sample pages', [
    { path, code: 'samplePagesNotPdf' },
  ]);

const pdfTooLarge = (path: string) =>
  new AppError(
    'file_too_large',
    'A PDF over 2 GiB cannot be stamped or offer sample pages: it is delivered as it is',
    [{ path, code: 'fileTooLarge' }],
  );

const samplePagesBeyond = (path: string, pages: number) =>
  new AppError(
    'sample_pages_beyond_document',
    `The PDF has ${pages} pages, fewer than the sample asks for`,
    [{ path, code: 'samplePagesBeyondDocument' }],
  );

const toVersion = (row: ProductFileVersionRow): FileVersion => ({
  id: row.id,
  number: row.number,
  label: row.label,
  changelog: row.changelog,
  file_original_name: row.originalName,
  file_size: row.size,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
});

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
  /** A file of the product got a new version. */
  afterVersion(
    tx: Transaction,
    sellerId: string,
    product: ProductDetail['product'],
    file: VersionEvent,
  ): Promise<void>;
  afterCommit(): void;
}

export function createProductService(deps: {
  products: ProductRepository;
  claimUploads: ClaimUploads;
  storage: ProductStorage;
  pdf: ProductPdfWorker;
  productReview: boolean;
  listeners?: readonly ProductListener[];
}) {
  const { products, claimUploads, storage, pdf, productReview } = deps;
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
    pdf_stamp: row.pdfStamp,
  });

  const toFile = (row: ProductFileRow): ProductFile => ({
    id: row.id,
    file_original_name: row.originalName,
    file_extension: row.extension,
    file_size: row.size,
    file_type: row.contentType,
    version: row.version,
    versionLabel: row.versionLabel,
    is_sample: row.isSample,
    sample_pages: row.samplePages,
  });

  /**
   * The whole of a stored PDF of `size` bytes, for the PDF thread; a PDF too large to read whole
   * is refused for `path`.
   */
  async function pdfBytesOf(key: string, size: number, path: string): Promise<Uint8Array> {
    if (size > pdfWorkMaxBytes) throw pdfTooLarge(path);
    const bytes = await storage.read(key);
    if (!bytes) throw new Error(`the stored object ${key} is missing`);
    return bytes;
  }

  /** The SHA-256 of a stored object, read a piece at a time (a file may have 5 GB). */
  async function storedSha256(key: string): Promise<string> {
    const pieces = await storage.readPieces(key);
    if (!pieces) throw new Error(`the stored object ${key} is missing`);
    return sha256Of(pieces);
  }

  /**
   * Checks that the bytes are a PDF of at least `pages` pages that opens without a password,
   * and stores its first `pages` pages as the sample (under a new key, listed in `written`).
   */
  async function makeSample(
    sellerId: string,
    bytes: Uint8Array,
    pages: number,
    path: string,
    written: string[],
  ): Promise<VersionSample> {
    const inspection = await pdf.inspect(bytes);
    if (inspection.kind === 'password_protected') throw passwordProtected(path);
    if (inspection.kind === 'unreadable') throw samplePagesNotPdf(path);
    if (inspection.pages < pages) throw samplePagesBeyond(path, inspection.pages);
    const sample = await pdf.sample(bytes, pages);
    const key = `sellers/${sellerId}/samples/${randomUUID()}.pdf`;
    await storage.put(key, sample, { contentType: pdfType });
    written.push(key);
    return {
      sampleKey: key,
      samplePages: pages,
      sampleSize: sample.byteLength,
      pageCount: inspection.pages,
    };
  }

  /** Refuses a PDF that needs a password to open, or too large to read (it could not be stamped). */
  async function checkStampable(key: string, size: number, path: string): Promise<void> {
    if (size > pdfWorkMaxBytes) throw pdfTooLarge(path);
    // Read in its turn and moved to the PDF thread: nothing else here needs the bytes.
    const inspection = await pdf.inspect(() => pdfBytesOf(key, size, path));
    if (inspection.kind === 'password_protected') throw passwordProtected(path);
  }

  /** Removes objects written for work that did not commit; a failure here is left to log. */
  const discard = (keys: readonly string[]) =>
    Promise.allSettled(keys.map((key) => storage.delete(key)));

  /** The seller's product and one of its files, for a change: locked, and not deleted. */
  async function ownedFile(
    queries: ProductQueries,
    sellerId: string,
    productId: string,
    fileId: string,
    options: { forUpdate: boolean },
  ): Promise<{ product: ProductRow; file: ProductFileRow }> {
    if (!isUuid(productId)) throw productNotFound();
    const product = await queries.findOwned(sellerId, productId, options);
    if (!product) throw productNotFound();
    const file = isUuid(fileId) ? await queries.findFile(product.id, fileId) : undefined;
    if (!file) throw notFound('File');
    return { product, file };
  }

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

    /** The list's JSON, as the products' statement writes it (thumbnail URLs included). */
    async listMine(sellerId: string): Promise<JsonText<MyProductsResponse>> {
      const list = await products.listForSeller(sellerId, storage.publicUrlBase);
      return jsonText<MyProductsResponse>(`{"products":${list}}`);
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
          // Stamping needs PDFs that open without a password: every one when it is turned on,
          // the new ones while it is on.
          if (plan.fields.pdfStamp ?? product.pdfStamp) {
            const turnedOn = plan.fields.pdfStamp === true && !product.pdfStamp;
            const removed = new Set(plan.deleteFileIds);
            const kept = turnedOn
              ? (await queries.files(product.id)).filter((file) => !removed.has(file.id))
              : [];
            for (const file of kept) {
              if (file.contentType === pdfType) {
                await checkStampable(file.storageKey, file.size, 'pdf_stamp');
              }
            }
            for (const upload of claimed.files) {
              if (upload.contentType === pdfType) {
                await checkStampable(upload.key, upload.size, 'newFiles');
              }
            }
          }
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

    /**
     * A completed upload of the seller becomes the file's newest version, in one transaction:
     * the upload is claimed, its bytes hashed and checked (a PDF that needs a password while the
     * product stamps or the file has sample pages; the sample pages made again), the version
     * added and the file's row moved to it, and the webhook event queued.
     */
    async addVersion(
      sellerId: string,
      productId: string,
      fileId: string,
      input: CreateFileVersionInput,
    ): Promise<CreateFileVersionResponse> {
      const written: string[] = [];
      try {
        const version = await withAttachGuard(() =>
          products.transaction(async (queries, tx) => {
            const { product, file } = await ownedFile(queries, sellerId, productId, fileId, {
              forUpdate: true,
            });
            if (product.status === 'deleted') throw productDeleted();
            const [upload] = await claimUploads(tx, sellerId, [input.s3Key], 'file');
            if (!upload) throw new Error('the claim returned no upload');
            let facts: VersionSample = {
              pageCount: null,
              sampleKey: null,
              samplePages: null,
              sampleSize: null,
            };
            const isPdf = upload.contentType === pdfType;
            if (file.samplePages > 0 && !isPdf) throw samplePagesNotPdf('s3Key');
            // Only a PDF is read whole, for the PDF thread; any other file is only hashed.
            const needsPages = file.samplePages > 0 || product.pdfStamp;
            const bytes =
              isPdf && (needsPages || upload.size <= pdfWorkMaxBytes)
                ? await pdfBytesOf(upload.key, upload.size, 's3Key')
                : undefined;
            if (bytes) {
              const inspection = await pdf.inspect(bytes);
              if (inspection.kind === 'pdf') facts.pageCount = inspection.pages;
              if (inspection.kind === 'password_protected' && product.pdfStamp) {
                throw passwordProtected('s3Key');
              }
              if (file.samplePages > 0) {
                facts = await makeSample(sellerId, bytes, file.samplePages, 's3Key', written);
              }
            }
            const added = await queries.insertVersion(file, {
              fileId: file.id,
              number: file.version + 1,
              label: input.label,
              changelog: input.changelog,
              storageKey: upload.key,
              originalName: upload.originalName,
              extension: upload.extension,
              contentType: upload.contentType,
              size: upload.size,
              sha256: bytes ? await sha256Of(bytes) : await storedSha256(upload.key),
              ...facts,
            });
            const touched = await queries.touchProduct(product.id);
            const result = detail(
              touched,
              await queries.salesCount(product.id),
              await queries.files(product.id),
              await queries.thumbnails(product.id),
            );
            const event: VersionEvent = {
              id: file.id,
              version: added.version.number,
              label: added.version.label,
              changelog: added.version.changelog,
            };
            for (const listener of listeners) {
              await listener.afterVersion(tx, sellerId, result.product, event);
            }
            return added.version;
          }),
        );
        for (const listener of listeners) listener.afterCommit();
        return { version: toVersion(version) };
      } catch (error) {
        await discard(written);
        throw error;
      }
    },

    /** The file's versions, newest first, with their downloads and buyers. */
    async listVersions(
      sellerId: string,
      productId: string,
      fileId: string,
    ): Promise<ListFileVersionsResponse> {
      const { file } = await ownedFile(products, sellerId, productId, fileId, {
        forUpdate: false,
      });
      const rows = await products.versions(file.id);
      return {
        versions: rows.map((row) => ({
          ...toVersion(row.version),
          downloads: row.downloads,
          buyersWithIt: row.buyersWithIt,
        })),
      };
    },

    /**
     * Sets whether the file is given away whole and how many of its first pages are a sample;
     * the sample is made from the newest version unless that version has one of that length.
     */
    async updateFile(
      sellerId: string,
      productId: string,
      fileId: string,
      input: UpdateProductFileInput,
    ): Promise<UpdateProductFileResponse> {
      const written: string[] = [];
      /** Samples of other lengths that the new one replaces, removed once it is committed. */
      const replaced: string[] = [];
      try {
        const file = await products.transaction(async (queries) => {
          const found = await ownedFile(queries, sellerId, productId, fileId, { forUpdate: true });
          if (found.product.status === 'deleted') throw productDeleted();
          const pages = input.sample_pages ?? found.file.samplePages;
          if (pages > 0 && pages !== found.file.samplePages) {
            if (found.file.contentType !== pdfType) throw samplePagesNotPdf('sample_pages');
            const version = await queries.currentVersion(found.file);
            if (version.sampleKey === null || version.samplePages !== pages) {
              const bytes = await pdfBytesOf(version.storageKey, version.size, 'sample_pages');
              const sample = await makeSample(sellerId, bytes, pages, 'sample_pages', written);
              await queries.setVersionSample(version.id, sample);
              if (version.sampleKey !== null) replaced.push(version.sampleKey);
            }
          }
          const updated = await queries.setFileSamples(found.file.id, {
            isSample: input.is_sample ?? found.file.isSample,
            samplePages: pages,
          });
          await queries.touchProduct(found.product.id);
          return updated;
        });
        await discard(replaced);
        return { file: toFile(file) };
      } catch (error) {
        await discard(written);
        throw error;
      }
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
