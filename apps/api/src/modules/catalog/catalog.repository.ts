import { sql } from 'drizzle-orm';
import type { HotStatements, RawRow } from '../../db/hot-statements.ts';
import { isoTimestamp } from '../../db/local-days.ts';
import {
  type ProductFileRow,
  type ProductRow,
  type ProductThumbnailRow,
  productFiles,
  products,
  productThumbnails,
  type SellerRow,
  sellers,
} from '../../db/schema.ts';
import { column, wholeNumber } from '../../db/sql-values.ts';

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

const productColumns = sql`p.id, p.title, p.description, p.price,
  ${isoTimestamp(sql`p.created_at`)} as created_at,
  ${isoTimestamp(sql`p.updated_at`)} as updated_at`;

function productOf(
  row: RawRow,
  fileCount: number,
  mainThumbnailKey: string | null,
): CatalogProductRow {
  return {
    id: column.text(row, 'id'),
    title: column.text(row, 'title'),
    description: column.text(row, 'description'),
    price: column.integer(row, 'price'),
    createdAt: column.text(row, 'created_at'),
    updatedAt: column.text(row, 'updated_at'),
    fileCount,
    mainThumbnailKey,
  };
}

/** Lists of one length, read side by side (the columns of one kind of child row). */
function zipped<T>(row: RawRow, names: readonly string[], make: (values: string[]) => T): T[] {
  const lists = names.map((name) => column.texts(row, name));
  const length = lists[0]?.length ?? 0;
  if (lists.some((list) => list.length !== length)) {
    throw new Error(`columns ${names.join(', ')}: lists of different lengths`);
  }
  return Array.from({ length }, (_, index) => make(lists.map((list) => list[index] as string)));
}

/**
 * The public catalog's reads: hot statements (the member site's every page view reads one),
 * one round trip each, rows read by column.
 */
export function createCatalogRepository(statements: HotStatements) {
  // One row per active product, newest first; one row with null product columns when the
  // seller has none. No row: no such nickname, or the account is deleted.
  const creatorPage = statements.prepare(
    'catalog_creator_page',
    sql`
      select s.id as seller_id, s.nickname, s.bio, s.avatar_url,
             ${isoTimestamp(sql`s.created_at`)} as member_since,
             ${productColumns},
             (select count(*) from ${productFiles} pf where pf.product_id = p.id) as file_count,
             ${mainThumbnailKey} as main_thumbnail_key
      from ${sellers} s
        left join ${products} p on p.seller_id = s.id and ${visibleProduct}
      where s.nickname = ${sql.placeholder('nickname')} and ${visibleSeller}
      order by p.created_at desc, p.id desc`,
    (row) => ({
      seller: {
        id: column.text(row, 'seller_id'),
        nickname: column.text(row, 'nickname'),
        bio: column.nullableText(row, 'bio'),
        avatarUrl: column.nullableText(row, 'avatar_url'),
        createdAt: column.text(row, 'member_since'),
      },
      product:
        row.id === null
          ? undefined
          : productOf(
              row,
              column.integer(row, 'file_count'),
              column.nullableText(row, 'main_thumbnail_key'),
            ),
    }),
  );

  // The product with its seller, its files and its thumbnails in one row: the child rows as
  // lists of text of one length each (sizes too: a file may pass 2 GiB).
  const productPage = statements.prepare(
    'catalog_product_page',
    sql`
      select s.id as seller_id, s.nickname, s.avatar_url, ${productColumns},
             f.ids as file_ids, f.names as file_names, f.extensions as file_extensions,
             f.sizes as file_sizes, f.types as file_types,
             t.ids as thumbnail_ids, t.keys as thumbnail_keys, t.names as thumbnail_names,
             t.mains as thumbnail_mains
      from ${products} p
        join ${sellers} s on s.id = p.seller_id
        cross join lateral (
          select coalesce(array_agg(pf.id::text order by pf.position, pf.created_at), '{}') as ids,
                 coalesce(array_agg(pf.original_name order by pf.position, pf.created_at), '{}') as names,
                 coalesce(array_agg(pf.extension order by pf.position, pf.created_at), '{}') as extensions,
                 coalesce(array_agg(pf.size::text order by pf.position, pf.created_at), '{}') as sizes,
                 coalesce(array_agg(pf.content_type order by pf.position, pf.created_at), '{}') as types
          from ${productFiles} pf where pf.product_id = p.id
        ) f
        cross join lateral (
          select coalesce(array_agg(pt.id::text order by pt.is_main desc, pt.position), '{}') as ids,
                 coalesce(array_agg(pt.storage_key order by pt.is_main desc, pt.position), '{}') as keys,
                 coalesce(array_agg(pt.original_name order by pt.is_main desc, pt.position), '{}') as names,
                 coalesce(array_agg(pt.is_main::text order by pt.is_main desc, pt.position), '{}') as mains
          from ${productThumbnails} pt where pt.product_id = p.id
        ) t
      where p.id = ${sql.placeholder('productId')}::uuid and s.nickname = ${sql.placeholder('nickname')}
        and ${visibleProduct} and ${visibleSeller}`,
    (row): CatalogProductPageRows => {
      const files = zipped(
        row,
        ['file_ids', 'file_names', 'file_extensions', 'file_sizes', 'file_types'],
        ([id = '', originalName = '', extension = '', size = '', contentType = '']) => ({
          id,
          originalName,
          extension,
          size: wholeNumber(size, 'file_sizes'),
          contentType,
        }),
      );
      const thumbnails = zipped(
        row,
        ['thumbnail_ids', 'thumbnail_keys', 'thumbnail_names', 'thumbnail_mains'],
        ([id = '', storageKey = '', originalName = '', main = '']) => ({
          id,
          storageKey,
          originalName,
          isMain: main === 'true',
        }),
      );
      return {
        seller: {
          id: column.text(row, 'seller_id'),
          nickname: column.text(row, 'nickname'),
          avatarUrl: column.nullableText(row, 'avatar_url'),
        },
        product: productOf(row, files.length, thumbnails[0]?.storageKey ?? null),
        files,
        thumbnails,
      };
    },
  );

  return {
    /** The seller's creator page; undefined for an unknown nickname or a deleted account. */
    async creatorPage(nickname: string): Promise<CreatorPageRows | undefined> {
      const rows = await creatorPage({ nickname });
      const first = rows[0];
      if (!first) return undefined;
      return {
        seller: first.seller,
        products: rows.flatMap((row) => (row.product ? [row.product] : [])),
      };
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
