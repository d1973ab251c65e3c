import { Readable } from 'node:stream';
import type { CatalogProduct } from '@seller/contract/catalog/catalog-product';
import type {
  CatalogProductPage,
  CatalogSample,
  SampleKind,
} from '@seller/contract/catalog/get-catalog-product';
import type { CreatorPage } from '@seller/contract/catalog/get-creator-page';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CatalogFileRow, CatalogProductRow, CatalogRepository } from './catalog.repository.ts';

/**
 * The catalog shows public images (thumbnails, avatars) and serves samples' bytes, read from
 * storage a piece at a time (a sample given away whole may be a 5 GB video).
 */
export type CatalogStorage = Pick<Storage, 'publicUrl' | 'readPieces'>;

/** A sample as the sample route serves it: what it is, and its bytes when they are sent. */
export interface SampleFile {
  fileName: string;
  contentType: string;
  size: number;
  /** Opens the sample's bytes, read as they are sent; never the whole file in memory. */
  open(): Promise<Readable>;
}

const isSampleKind = (kind: string): kind is SampleKind => kind === 'file' || kind === 'pdf_pages';

/**
 * The public catalog (docs/product-rules.md, "The public catalog"): a seller's creator page and
 * product pages as the member site shows them. Only active products of accounts that are not
 * deleted; nothing private (no counts, revenue, status or file URLs). Everything else, an
 * unknown nickname and another seller's product included, is 404 `not_found`.
 */
export function createCatalogService(deps: {
  catalog: CatalogRepository;
  storage: CatalogStorage;
  /** The app's address: sample URLs are handed to browsers on other sites. */
  publicUrl: string;
}) {
  const { catalog, storage, publicUrl } = deps;

  const sampleUrl = (versionId: string, kind: SampleKind) =>
    new URL(`/api/public/samples/${versionId}/${kind}`, publicUrl).href;

  /** The file given away whole, else its sample pages, else nothing. */
  const sampleOf = (file: CatalogFileRow): CatalogSample | undefined => {
    if (file.isSample) {
      return {
        id: file.versionId,
        fileName: file.originalName,
        kind: 'file',
        pages: file.pageCount,
        size: file.size,
        url: sampleUrl(file.versionId, 'file'),
      };
    }
    if (
      file.samplePages > 0 &&
      file.versionSamplePages === file.samplePages &&
      file.sampleSize !== null
    ) {
      return {
        id: file.versionId,
        fileName: file.originalName,
        kind: 'pdf_pages',
        pages: file.samplePages,
        size: file.sampleSize,
        url: sampleUrl(file.versionId, 'pdf_pages'),
      };
    }
    return undefined;
  };

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
          version: file.version,
          versionLabel: file.versionLabel,
          is_sample: file.isSample,
          sample_pages: file.samplePages,
        })),
        thumbnails: page.thumbnails.map((thumbnail) => ({
          id: thumbnail.id,
          s3_url: storage.publicUrl(thumbnail.storageKey),
          image_original_name: thumbnail.originalName,
          is_main: thumbnail.isMain ? 1 : 0,
        })),
        samples: page.files.flatMap((file) => sampleOf(file) ?? []),
      };
    },

    /** A listed sample; 404 for anything the catalog does not list now. */
    async sample(sampleId: string, kind: string): Promise<SampleFile> {
      const found =
        isUuid(sampleId) && isSampleKind(kind) ? await catalog.sample(sampleId, kind) : undefined;
      if (!found) throw notFound('Sample');
      return {
        fileName:
          kind === 'pdf_pages'
            ? `sample-${found.fileName.replace(/\.[^.]*$/, '')}.pdf`
            : found.fileName,
        contentType: kind === 'pdf_pages' ? 'application/pdf' : found.contentType,
        size: found.size,
        open: async () => {
          const pieces = await storage.readPieces(found.storageKey);
          if (!pieces) throw notFound('Sample');
          return pieces instanceof Readable ? pieces : Readable.from(pieces, { objectMode: false });
        },
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
