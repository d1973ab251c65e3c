import { sql } from 'drizzle-orm';
import type { HotStatements } from '../../db/hot-statements.ts';
import { isoTimestamp } from '../../db/local-days.ts';
import {
  type ProductFileRow,
  type ProductRow,
  type ProductThumbnailRow,
  productFiles,
  productFileVersions,
  products,
  productThumbnails,
  type SellerRow,
  sellers,
} from '../../db/schema.ts';
import { cell, column } from '../../db/sql-values.ts';

/** A product as the catalog reads it: its public columns, timestamps as the API writes them. */
export interface CatalogProductRow {
  id: ProductRow['id'];
  title: ProductRow['title'];
  description: ProductRow['description'];
  price: ProductRow['price'];
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
  fileCount: number;
  mainThumbnailKey: ProductThumbnailRow['storageKey'] | null;
}

export interface CreatorPageRows {
  seller: {
    id: SellerRow['id'];
    nickname: string;
    bio: SellerRow['bio'];
    avatarUrl: SellerRow['avatarUrl'];
    /** ISO 8601, UTC. */
    createdAt: string;
  };
  products: CatalogProductRow[];
}

export interface CatalogFileRow {
  id: ProductFileRow['id'];
  originalName: ProductFileRow['originalName'];
  extension: ProductFileRow['extension'];
  size: ProductFileRow['size'];
  contentType: ProductFileRow['contentType'];
  version: ProductFileRow['version'];
  versionLabel: ProductFileRow['versionLabel'];
  isSample: ProductFileRow['isSample'];
  samplePages: ProductFileRow['samplePages'];
  /** The newest version's id, page count and sample (its length and size). */
  versionId: string;
  pageCount: number | null;
  versionSamplePages: number | null;
  sampleSize: number | null;
}

/** A sample's bytes and what they are, found only while the catalog shows it. */
export interface CatalogSampleRow {
  /** The version's file (`file`) or its sample pages (`pdf_pages`). */
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface CatalogThumbnailRow {
  id: ProductThumbnailRow['id'];
  storageKey: ProductThumbnailRow['storageKey'];
  originalName: ProductThumbnailRow['originalName'];
  isMain: ProductThumbnailRow['isMain'];
}

export interface CatalogProductPageRows {
  seller: { id: SellerRow['id']; nickname: string; avatarUrl: SellerRow['avatarUrl'] };
  product: CatalogProductRow;
  /** In the product's order. */
  files: CatalogFileRow[];
  /** Main thumbnail first, then in the product's order. */
  thumbnails: CatalogThumbnailRow[];
}

/** Only what the catalog shows is in it: active products of accounts that are not deleted. */
const visibleSeller = sql`s.deleted_at is null`;
const visibleProduct = sql`p.status = 'active'`;

/** The main thumbnail's key: the one marked main, else the first (as the seller's list reads it). */
const mainThumbnailKey = sql`(select pt.storage_key from ${productThumbnails} pt
  where pt.product_id = p.id order by pt.is_main desc, pt.position asc limit 1)`;

const fileCount = sql`(select count(*) from ${productFiles} pf where pf.product_id = p.id)`;

/**
 * A product's public fields as one JSON tuple, read by `productOf`: id, title, description,
 * price, created, updated, number of files, main thumbnail's key.
 */
const productTuple = sql`json_build_array(p.id, p.title, p.description, p.price,
  ${isoTimestamp(sql`p.created_at`)}, ${isoTimestamp(sql`p.updated_at`)}, ${fileCount},
  ${mainThumbnailKey})`;
const productTupleWidth = 8;

function productOf(tuple: unknown[]): CatalogProductRow {
  return {
    id: cell.text(tuple, 0, 'product'),
    title: cell.text(tuple, 1, 'product'),
    description: cell.text(tuple, 2, 'product'),
    price: cell.integer(tuple, 3, 'product'),
    createdAt: cell.text(tuple, 4, 'product'),
    updatedAt: cell.text(tuple, 5, 'product'),
    fileCount: cell.integer(tuple, 6, 'product'),
    mainThumbnailKey: cell.nullableText(tuple, 7, 'product'),
  };
}

/**
 * The public catalog's reads: hot statements (the member site's every page view reads one),
 * one round trip and one row each. The lists a page shows (products, files, images) come as
 * JSON tuples built by PostgreSQL: a profile of the first version, a row per product and a
 * column per field, showed the driver's decoding of each field as the largest part of the
 * server's work.
 */
export function createCatalogRepository(statements: HotStatements) {
  // No row: no such nickname, or the account is deleted. Products newest first.
  const creatorPage = statements.prepare(
    'catalog_creator_page',
    sql`
      select s.id, s.nickname, s.bio, s.avatar_url,
             ${isoTimestamp(sql`s.created_at`)} as member_since,
             coalesce((select json_agg(${productTuple} order by p.created_at desc, p.id desc)
                       from ${products} p where p.seller_id = s.id and ${visibleProduct}),
                      '[]') as products
      from ${sellers} s
      where s.nickname = ${sql.placeholder('nickname')} and ${visibleSeller}`,
    (row): CreatorPageRows => ({
      seller: {
        id: column.text(row, 'id'),
        nickname: column.text(row, 'nickname'),
        bio: column.nullableText(row, 'bio'),
        avatarUrl: column.nullableText(row, 'avatar_url'),
        createdAt: column.text(row, 'member_since'),
      },
      products: column.tuples(row, 'products', productTupleWidth).map(productOf),
    }),
  );

  // The product with its seller, its files in their order and its images main first.
  const productPage = statements.prepare(
    'catalog_product_page',
    sql`
      select s.id as seller_id, s.nickname, s.avatar_url, ${productTuple} as product,
             coalesce((select json_agg(json_build_array(pf.id, pf.original_name, pf.extension,
                                                        pf.size, pf.content_type, pf.version,
                                                        pf.version_label, pf.is_sample,
                                                        pf.sample_pages, v.id, v.page_count,
                                                        v.sample_pages, v.sample_size)
                                       order by pf.position, pf.created_at)
                       from ${productFiles} pf
                       join ${productFileVersions} v on v.file_id = pf.id
                         and v.number = pf.version
                       where pf.product_id = p.id), '[]') as files,
             coalesce((select json_agg(json_build_array(pt.id, pt.storage_key, pt.original_name,
                                                        pt.is_main)
                                       order by pt.is_main desc, pt.position)
                       from ${productThumbnails} pt where pt.product_id = p.id), '[]') as thumbnails
      from ${products} p join ${sellers} s on s.id = p.seller_id
      where p.id = ${sql.placeholder('productId')}::uuid
        and s.nickname = ${sql.placeholder('nickname')}
        and ${visibleProduct} and ${visibleSeller}`,
    (row): CatalogProductPageRows => {
      return {
        seller: {
          id: column.text(row, 'seller_id'),
          nickname: column.text(row, 'nickname'),
          avatarUrl: column.nullableText(row, 'avatar_url'),
        },
        product: productOf(column.tuple(row, 'product', productTupleWidth)),
        files: column.tuples(row, 'files', 13).map((file) => ({
          id: cell.text(file, 0, 'file'),
          originalName: cell.text(file, 1, 'file'),
          extension: cell.text(file, 2, 'file'),
          size: cell.integer(file, 3, 'file'),
          contentType: cell.text(file, 4, 'file'),
          version: cell.integer(file, 5, 'file'),
          versionLabel: cell.nullableText(file, 6, 'file'),
          isSample: cell.boolean(file, 7, 'file'),
          samplePages: cell.integer(file, 8, 'file'),
          versionId: cell.text(file, 9, 'file'),
          pageCount: cell.nullableInteger(file, 10, 'file'),
          versionSamplePages: cell.nullableInteger(file, 11, 'file'),
          sampleSize: cell.nullableInteger(file, 12, 'file'),
        })),
        thumbnails: column.tuples(row, 'thumbnails', 4).map((thumbnail) => ({
          id: cell.text(thumbnail, 0, 'thumbnail'),
          storageKey: cell.text(thumbnail, 1, 'thumbnail'),
          originalName: cell.text(thumbnail, 2, 'thumbnail'),
          isMain: cell.boolean(thumbnail, 3, 'thumbnail'),
        })),
      };
    },
  );

  // A sample of a version, only while it is its file's newest, the file still offers it, and
  // the product is in the catalog: the whole file (`file`) or its sample pages (`pdf_pages`).
  const sample = statements.prepare(
    'catalog_sample',
    sql`
      select case when ${sql.placeholder('kind')} = 'file' then v.storage_key else v.sample_key end
               as storage_key,
             v.original_name, v.content_type,
             case when ${sql.placeholder('kind')} = 'file' then v.size else v.sample_size end
               as size
      from ${productFileVersions} v
      join ${productFiles} pf on pf.id = v.file_id and pf.version = v.number
      join ${products} p on p.id = pf.product_id
      join ${sellers} s on s.id = p.seller_id
      where v.id = ${sql.placeholder('versionId')}::uuid
        and ${visibleProduct} and ${visibleSeller}
        and ((${sql.placeholder('kind')} = 'file' and pf.is_sample)
          or (${sql.placeholder('kind')} = 'pdf_pages' and not pf.is_sample
              and pf.sample_pages > 0 and v.sample_pages = pf.sample_pages
              and v.sample_key is not null))`,
    (row): CatalogSampleRow => ({
      storageKey: column.text(row, 'storage_key'),
      fileName: column.text(row, 'original_name'),
      contentType: column.text(row, 'content_type'),
      size: column.integer(row, 'size'),
    }),
  );

  return {
    /**
     * A sample the catalog lists; undefined for any other version or kind. `versionId` must be
     * a uuid.
     */
    async sample(
      versionId: string,
      kind: 'file' | 'pdf_pages',
    ): Promise<CatalogSampleRow | undefined> {
      const [row] = await sample({ versionId, kind });
      return row;
    },

    /** The seller's creator page; undefined for an unknown nickname or a deleted account. */
    async creatorPage(nickname: string): Promise<CreatorPageRows | undefined> {
      const [page] = await creatorPage({ nickname });
      return page;
    },

    /**
     * One product of the seller's page; undefined unless the product is active, is that
     * seller's, and the account is not deleted. `productId` must be a uuid.
     */
    async productPage(
      nickname: string,
      productId: string,
    ): Promise<CatalogProductPageRows | undefined> {
      const [row] = await productPage({ nickname, productId });
      return row;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
