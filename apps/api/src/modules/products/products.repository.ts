import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DataAccess, Database } from '../../db/client.ts';
import { isoTimestamp } from '../../db/local-days.ts';
import { fullyRefunded } from '../../db/sale-rows.ts';
import {
  deliveries,
  type ProductFileRow,
  type ProductFileVersionRow,
  type ProductRow,
  type ProductThumbnailRow,
  productFiles,
  productFileVersions,
  productSales,
  products,
  productThumbnails,
  sales,
} from '../../db/schema.ts';
import { column } from '../../db/sql-values.ts';
import { type JsonText, jsonText } from '../../lib/json-text.ts';

/** A database or an open transaction: every query below runs on either. */
export type Executor = Database;
export type Transaction = Database;

export type NewProductFile = Pick<
  ProductFileRow,
  'productId' | 'storageKey' | 'originalName' | 'extension' | 'contentType' | 'size' | 'position'
>;
export type NewFileVersion = Pick<
  ProductFileVersionRow,
  | 'fileId'
  | 'number'
  | 'label'
  | 'changelog'
  | 'storageKey'
  | 'originalName'
  | 'extension'
  | 'contentType'
  | 'size'
  | 'sha256'
  | 'pageCount'
  | 'sampleKey'
  | 'samplePages'
  | 'sampleSize'
>;
/** A version with what buyers were given of it. */
export interface VersionWithDownloads {
  version: ProductFileVersionRow;
  downloads: number;
  buyersWithIt: number;
}
/** The sample of a version: its object, page count and size; all null when it has none. */
export type VersionSample = Pick<
  ProductFileVersionRow,
  'sampleKey' | 'samplePages' | 'sampleSize' | 'pageCount'
>;
export type NewProductThumbnail = Omit<ProductThumbnailRow, 'id' | 'createdAt'>;

function productQueries(db: Executor) {
  return {
    /** The seller's product (any status), optionally locked for the rest of the transaction. */
    async findOwned(
      sellerId: string,
      productId: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<ProductRow | undefined> {
      const query = db
        .select()
        .from(products)
        .where(and(eq(products.id, productId), eq(products.sellerId, sellerId)))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async files(productId: string): Promise<ProductFileRow[]> {
      return db
        .select()
        .from(productFiles)
        .where(eq(productFiles.productId, productId))
        .orderBy(asc(productFiles.position), asc(productFiles.createdAt));
    },

    async thumbnails(productId: string): Promise<ProductThumbnailRow[]> {
      return db
        .select()
        .from(productThumbnails)
        .where(eq(productThumbnails.productId, productId))
        .orderBy(desc(productThumbnails.isMain), asc(productThumbnails.position));
    },

    /** The product's number of sales, from its sales rollup (0 before the first sale). */
    async salesCount(productId: string): Promise<number> {
      const [row] = await db
        .select({ count: productSales.count })
        .from(productSales)
        .where(eq(productSales.productId, productId));
      return row?.count ?? 0;
    },

    async findFile(productId: string, fileId: string): Promise<ProductFileRow | undefined> {
      const [row] = await db
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.productId, productId), eq(productFiles.id, fileId)))
        .limit(1);
      return row;
    },

    async insertProduct(
      values: Pick<
        ProductRow,
        'sellerId' | 'title' | 'description' | 'price' | 'status' | 'downloadLimit'
      >,
    ): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Inserts the files, each with its first version (the same upload). */
    async insertFiles(rows: NewProductFile[]): Promise<void> {
      if (rows.length === 0) return;
      const inserted = await db.insert(productFiles).values(rows).returning();
      await db.insert(productFileVersions).values(
        inserted.map((file) => ({
          fileId: file.id,
          number: 1,
          storageKey: file.storageKey,
          originalName: file.originalName,
          extension: file.extension,
          contentType: file.contentType,
          size: file.size,
        })),
      );
    },

    /** The file's newest version (the one its row mirrors). */
    async currentVersion(file: ProductFileRow): Promise<ProductFileVersionRow> {
      const [row] = await db
        .select()
        .from(productFileVersions)
        .where(
          and(
            eq(productFileVersions.fileId, file.id),
            eq(productFileVersions.number, file.version),
          ),
        )
        .limit(1);
      if (!row) throw new Error(`file ${file.id} has no version ${file.version}`);
      return row;
    },

    /**
     * The file's versions, newest first, with their deliveries and the sales given them that
     * still count as buyers: a fully refunded sale is no longer one (docs/product-rules.md), as
     * the product's sales count beside it leaves it out.
     */
    async versions(fileId: string): Promise<VersionWithDownloads[]> {
      const rows = await db
        .select({
          version: productFileVersions,
          downloads: sql<number>`count(${deliveries.id})::int`,
          buyersWithIt: sql<number>`(count(distinct ${deliveries.saleId})
            filter (where not ${fullyRefunded('sales')}))::int`,
        })
        .from(productFileVersions)
        .leftJoin(deliveries, eq(deliveries.versionId, productFileVersions.id))
        .leftJoin(sales, eq(sales.id, deliveries.saleId))
        .where(eq(productFileVersions.fileId, fileId))
        .groupBy(productFileVersions.id)
        .orderBy(desc(productFileVersions.number));
      return rows.map((row) => ({
        version: row.version,
        downloads: Number(row.downloads),
        buyersWithIt: Number(row.buyersWithIt),
      }));
    },

    /** Adds a version and makes the file's row mirror it. */
    async insertVersion(
      file: ProductFileRow,
      values: NewFileVersion,
    ): Promise<{ version: ProductFileVersionRow; file: ProductFileRow }> {
      const [version] = await db.insert(productFileVersions).values(values).returning();
      if (!version) throw new Error('insert returned no row');
      const [updated] = await db
        .update(productFiles)
        .set({
          storageKey: version.storageKey,
          originalName: version.originalName,
          extension: version.extension,
          contentType: version.contentType,
          size: version.size,
          version: version.number,
          versionLabel: version.label,
        })
        .where(eq(productFiles.id, file.id))
        .returning();
      if (!updated) throw new Error('update returned no row');
      return { version, file: updated };
    },

    async setVersionSample(versionId: string, sample: VersionSample): Promise<void> {
      await db.update(productFileVersions).set(sample).where(eq(productFileVersions.id, versionId));
    },

    async setFileSamples(
      fileId: string,
      values: Pick<ProductFileRow, 'isSample' | 'samplePages'>,
    ): Promise<ProductFileRow> {
      const [row] = await db
        .update(productFiles)
        .set(values)
        .where(eq(productFiles.id, fileId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    /** Touches the product's `updated_at` (a file's new version or samples). */
    async touchProduct(productId: string): Promise<ProductRow> {
      const [row] = await db
        .update(products)
        .set({ updatedAt: sql`now()` })
        .where(eq(products.id, productId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    async insertThumbnails(rows: NewProductThumbnail[]): Promise<void> {
      if (rows.length > 0) await db.insert(productThumbnails).values(rows);
    },

    async deleteFiles(productId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .delete(productFiles)
        .where(and(eq(productFiles.productId, productId), inArray(productFiles.id, ids)));
    },

    async deleteThumbnails(productId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .delete(productThumbnails)
        .where(and(eq(productThumbnails.productId, productId), inArray(productThumbnails.id, ids)));
    },

    async clearMainThumbnail(productId: string): Promise<void> {
      await db
        .update(productThumbnails)
        .set({ isMain: false })
        .where(and(eq(productThumbnails.productId, productId), eq(productThumbnails.isMain, true)));
    },

    async setMainThumbnail(thumbnailId: string): Promise<void> {
      await db
        .update(productThumbnails)
        .set({ isMain: true })
        .where(eq(productThumbnails.id, thumbnailId));
    },

    async updateProduct(
      productId: string,
      values: Partial<
        Pick<
          ProductRow,
          'title' | 'description' | 'status' | 'downloadLimit' | 'pdfStamp' | 'deletedAt'
        >
      >,
    ): Promise<ProductRow> {
      const [row] = await db
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(products.id, productId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    async findById(productId: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
      return row;
    },

    /** pending → active; undefined when the product is missing or not pending. */
    async approvePending(productId: string): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ status: 'active', updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), eq(products.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type ProductQueries = ReturnType<typeof productQueries>;

export function createProductRepository({ db, statements, transaction }: DataAccess) {
  // The dashboard's list and counters: hot statements, so PostgreSQL parses and plans them once
  // per connection. The list comes written as the contract's JSON by PostgreSQL: each product a
  // compact object whose columns are named as the contract's fields, the thumbnail's public URL
  // its key after the store's `publicUrlBase`. Reading every field of every product into objects
  // and writing them out again cost the server more CPU than PostgreSQL spent on the statement
  // (docs/decisions/062-sales-lists-written-as-json-by-postgresql.md);
  // `product-list-json.test.ts` keeps each product as the product's own page writes it.
  const listForSeller = statements.prepare(
    'products_list_json_for_seller',
    sql`
      select coalesce(json_agg((select t from (select
               p.id, p.title, p.description, p.price, p.status,
               ${isoTimestamp(sql`p.created_at`)} as created_at,
               ${isoTimestamp(sql`p.updated_at`)} as updated_at,
               p.view_count, coalesce(ps.count, 0) as sales_count,
               (select count(*) from ${productFiles} pf where pf.product_id = p.id) as file_count,
               ${sql.placeholder('publicUrlBase')}::text ||
                 (select pt.storage_key from ${productThumbnails} pt where pt.product_id = p.id
                  order by pt.is_main desc, pt.position asc limit 1) as thumbnail_url,
               p.download_limit, p.pdf_stamp,
               coalesce(ps.amount, 0) as revenue, coalesce(ps.net, 0) as net_revenue) t)
             order by p.created_at desc, p.id desc), '[]')::text as products
      from ${products} p left join ${productSales} ps on ps.product_id = p.id
      where p.seller_id = ${sql.placeholder('sellerId')} and p.status <> 'deleted'`,
    (row) => jsonText<ProductListItem[]>(column.text(row, 'products')),
  );
  const statsForSeller = statements.prepare(
    'products_stats_for_seller',
    sql`
      select count(*) filter (where status <> 'deleted') as total_products,
             count(*) filter (where status = 'active') as active_products
      from ${products} where seller_id = ${sql.placeholder('sellerId')}`,
    (row) => ({
      totalProducts: column.integer(row, 'total_products'),
      activeProducts: column.integer(row, 'active_products'),
    }),
  );
  return {
    ...productQueries(db),
    /** The seller's products but deleted ones, newest first, as the list's JSON. */
    async listForSeller(
      sellerId: string,
      publicUrlBase: string,
    ): Promise<JsonText<ProductListItem[]>> {
      const [list] = await listForSeller({ sellerId, publicUrlBase });
      if (list === undefined) throw new Error('the product list statement answered no row');
      return list;
    },
    async stats(sellerId: string): Promise<{ totalProducts: number; activeProducts: number }> {
      const [row] = await statsForSeller({ sellerId });
      return row ?? { totalProducts: 0, activeProducts: 0 };
    },
    /** Runs `work` in one transaction; `tx` is for other modules' queries (upload claims). */
    transaction<T>(work: (queries: ProductQueries, tx: Transaction) => Promise<T>): Promise<T> {
      return transaction((tx) => work(productQueries(tx), tx));
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
