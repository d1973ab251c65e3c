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

/** A database or an open transaction: every query below runs on either. */
export type Executor = Database;
export type Transaction = Database;

/** A product of the seller's list, timestamps as the API writes them. */
export interface ProductListRow {
  id: ProductRow['id'];
  title: ProductRow['title'];
  description: ProductRow['description'];
  price: ProductRow['price'];
  status: ProductRow['status'];
  viewCount: ProductRow['viewCount'];
  downloadLimit: ProductRow['downloadLimit'];
  pdfStamp: ProductRow['pdfStamp'];
  /** From the product's sales rollup; 0 before its first sale. */
  salesCount: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  updatedAt: string;
  fileCount: number;
  mainThumbnailKey: ProductThumbnailRow['storageKey'] | null;
  /** KRW from the product's sales rollup; 0 before its first sale. */
  revenue: number;
  netRevenue: number;
}

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
  // per connection; timestamps come formatted, rows are read by hand.
  const listForSeller = statements.prepare(
    'products_list_for_seller',
    sql`
      select p.id, p.title, p.description, p.price, p.status, p.view_count, p.download_limit,
             p.pdf_stamp,
             coalesce(ps.count, 0) as sales_count,
             ${isoTimestamp(sql`p.created_at`)} as created_at,
             ${isoTimestamp(sql`p.updated_at`)} as updated_at,
             (select count(*) from ${productFiles} pf where pf.product_id = p.id) as file_count,
             (select pt.storage_key from ${productThumbnails} pt where pt.product_id = p.id
              order by pt.is_main desc, pt.position asc limit 1) as main_thumbnail_key,
             coalesce(ps.amount, 0) as revenue, coalesce(ps.net, 0) as net_revenue
      from ${products} p left join ${productSales} ps on ps.product_id = p.id
      where p.seller_id = ${sql.placeholder('sellerId')} and p.status <> 'deleted'
      order by p.created_at desc, p.id desc`,
    (row): ProductListRow => ({
      id: column.text(row, 'id'),
      title: column.text(row, 'title'),
      description: column.text(row, 'description'),
      price: column.integer(row, 'price'),
      status: column.text(row, 'status'),
      viewCount: column.integer(row, 'view_count'),
      downloadLimit: column.integer(row, 'download_limit'),
      pdfStamp: column.boolean(row, 'pdf_stamp'),
      salesCount: column.integer(row, 'sales_count'),
      createdAt: column.text(row, 'created_at'),
      updatedAt: column.text(row, 'updated_at'),
      fileCount: column.integer(row, 'file_count'),
      mainThumbnailKey: column.nullableText(row, 'main_thumbnail_key'),
      revenue: column.integer(row, 'revenue'),
      netRevenue: column.integer(row, 'net_revenue'),
    }),
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
    listForSeller: (sellerId: string): Promise<ProductListRow[]> => listForSeller({ sellerId }),
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
