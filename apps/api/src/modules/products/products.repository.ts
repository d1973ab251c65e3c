import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type ProductFileRow,
  type ProductRow,
  type ProductThumbnailRow,
  productFiles,
  productSales,
  products,
  productThumbnails,
} from '../../db/schema.ts';

/** A database or an open transaction: every query below runs on either. */
export type Executor = Database;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ProductListRow {
  product: ProductRow;
  fileCount: number;
  mainThumbnailKey: ProductThumbnailRow['storageKey'] | null;
  /** KRW from the product's sales rollup; 0 before its first sale. */
  revenue: number;
  netRevenue: number;
}

export type NewProductFile = Omit<ProductFileRow, 'id' | 'createdAt'>;
export type NewProductThumbnail = Omit<ProductThumbnailRow, 'id' | 'createdAt'>;

// Correlated subqueries name the outer table explicitly: drizzle leaves single-table
// selects unqualified, and a bare "id" would resolve to the inner table.
const fileCount =
  sql<number>`(select count(*) from ${productFiles} as pf where pf.product_id = "products"."id")`.mapWith(
    Number,
  );
const mainThumbnailKey = sql<
  ProductListRow['mainThumbnailKey']
>`(select pt.storage_key from ${productThumbnails} as pt
  where pt.product_id = "products"."id" order by pt.is_main desc, pt.position asc limit 1)`;

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

    async findFile(productId: string, fileId: string): Promise<ProductFileRow | undefined> {
      const [row] = await db
        .select()
        .from(productFiles)
        .where(and(eq(productFiles.productId, productId), eq(productFiles.id, fileId)))
        .limit(1);
      return row;
    },

    async insertProduct(
      values: Pick<ProductRow, 'sellerId' | 'title' | 'description' | 'price' | 'status'>,
    ): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async insertFiles(rows: NewProductFile[]): Promise<void> {
      if (rows.length > 0) await db.insert(productFiles).values(rows);
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
      values: Partial<Pick<ProductRow, 'title' | 'description' | 'status' | 'deletedAt'>>,
    ): Promise<ProductRow> {
      const [row] = await db
        .update(products)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(products.id, productId))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row;
    },

    async stats(sellerId: string): Promise<{ totalProducts: number; activeProducts: number }> {
      const [row] = await db
        .select({
          totalProducts:
            sql<number>`count(*) filter (where ${products.status} <> 'deleted')`.mapWith(Number),
          activeProducts:
            sql<number>`count(*) filter (where ${products.status} = 'active')`.mapWith(Number),
        })
        .from(products)
        .where(eq(products.sellerId, sellerId));
      return row ?? { totalProducts: 0, activeProducts: 0 };
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

export function createProductRepository(db: Database) {
  // The dashboard's list, built once and prepared under a name: PostgreSQL parses and plans it
  // once per connection instead of on every call.
  const listForSeller = db
    .select({
      product: products,
      fileCount,
      mainThumbnailKey,
      revenue: sql<number>`coalesce(${productSales.amount}, 0)`.mapWith(Number),
      netRevenue: sql<number>`coalesce(${productSales.net}, 0)`.mapWith(Number),
    })
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .where(and(eq(products.sellerId, sql.placeholder('sellerId')), ne(products.status, 'deleted')))
    .orderBy(desc(products.createdAt), desc(products.id))
    .prepare('products_list_for_seller');
  return {
    ...productQueries(db),
    listForSeller: (sellerId: string): Promise<ProductListRow[]> =>
      listForSeller.execute({ sellerId }),
    /** Runs `work` in one transaction; `tx` is for other modules' queries (upload claims). */
    transaction<T>(work: (queries: ProductQueries, tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(productQueries(tx), tx));
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
