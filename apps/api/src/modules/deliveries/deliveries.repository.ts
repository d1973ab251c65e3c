import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DataAccess } from '../../db/client.ts';
import type { RawRow } from '../../db/hot-statements.ts';
import { fullyRefunded } from '../../db/sale-rows.ts';
import {
  customers,
  type DeliveryRow,
  deliveries,
  deliveryCounts,
  type ProductFileVersionRow,
  productFiles,
  productFileVersions,
  products,
  type RefundRow,
  refunds,
  type SaleRow,
  type StampedCopyRow,
  sales,
  sellers,
  stampedCopies,
} from '../../db/schema.ts';
import { column } from '../../db/sql-values.ts';

/** A delivery asked for by the member site, its file id already known to be a uuid. */
export interface DeliveryRequest {
  orderId: string;
  fileId: string;
  /** When the delivery is given (the app's clock). */
  at: Date;
  /** When its link stops working. */
  expiresAt: Date;
  /** The version served, the served bytes' hash and size, and whether they are stamped. */
  versionId: string;
  version: number;
  sha256: string;
  servedSize: number;
  stamped: boolean;
  /** The buyer's country, network prefix and browser, when the member site told them. */
  country: string | null;
  networkPrefix: string | null;
  userAgent: string | null;
}

/** What a delivery of an order's file will serve, read before it is counted. */
export interface DeliveryTarget {
  saleId: string;
  sellerId: string;
  customerEmail: string;
  refunded: boolean;
  /** The product stamps its PDFs. */
  pdfStamp: boolean;
  /** The file's newest version; undefined when the file is not one of the product's. */
  version: ProductFileVersionRow | undefined;
}

/** The file a delivery hands out, as stored. */
export interface DeliveredFile {
  id: string;
  name: string;
  size: number;
  storageKey: string;
  contentType: string;
}

/** What the delivery statement found and did, for the service to answer. */
export type DeliveryOutcome =
  | { kind: 'unknown_order' }
  | { kind: 'refunded' }
  | { kind: 'unknown_file' }
  | { kind: 'limit_reached'; limit: number }
  | {
      kind: 'delivered';
      deliveryId: string;
      file: DeliveredFile;
      /** Downloads of this file for this order counted so far, this one included. */
      used: number;
      /** The product's limit per file and order; 0 is unlimited. */
      limit: number;
    };

/** A sale of the seller with its product's title (the transactions list's row). */
export interface SaleWithTitle {
  sale: SaleRow;
  productTitle: string;
}

const deliveryOutcomeOf = (row: RawRow): DeliveryOutcome => {
  if (column.boolean(row, 'fully_refunded')) {
    return { kind: 'refunded' };
  }
  const fileId = column.nullableText(row, 'file_id');
  if (fileId === null) return { kind: 'unknown_file' };
  const limit = column.integer(row, 'download_limit');
  const deliveryId = column.nullableText(row, 'delivery_id');
  if (deliveryId === null) return { kind: 'limit_reached', limit };
  return {
    kind: 'delivered',
    deliveryId,
    file: {
      id: fileId,
      name: column.text(row, 'original_name'),
      size: column.integer(row, 'size'),
      storageKey: column.text(row, 'storage_key'),
      contentType: column.text(row, 'content_type'),
    },
    used: column.integer(row, 'used'),
    limit,
  };
};

/**
 * The buyer's deliveries and what the seller sees and resets of them. A delivery is one
 * statement (the member site's write, a hot statement); the seller's reads and the reset go
 * through the query builder.
 */
export function createDeliveryRepository({ db, statements, transaction }: DataAccess) {
  const value = (name: keyof DeliveryRequest) => sql.placeholder(name);

  // One statement, so that the count and the record of a delivery are written together or not
  // at all: finds the order's sale, its product's limit (whatever the product's status: a
  // product deleted after the sale is still delivered) and the file among the product's current
  // ones. Only for a sale not wholly refunded and a file found, it counts the download: the
  // upsert of the (sale, file) counter passes only while the count is under the limit (0 is
  // unlimited). The sale's row is locked first, as a refund and a reset lock it, so the
  // deliveries of one order run one after the other (two parallel ones at one below the limit
  // cannot both pass) and no two writers take the sale and the counter in opposite orders. Only
  // when the count passed are the delivery recorded and the sale's download figures moved. No
  // row: no such order.
  const deliver = statements.prepare(
    'deliveries_deliver',
    sql`
      with target as (
        select s.id as sale_id, s.amount, s.refunded_amount, p.download_limit,
               f.id as file_id, f.original_name, f.size, f.storage_key, f.content_type
        from ${sales} s
        join ${products} p on p.id = s.product_id
        left join ${productFiles} f on f.product_id = s.product_id
          and f.id = ${value('fileId')}::uuid
        where s.order_id = ${value('orderId')}
        for update of s
      ),
      allowed as (
        select * from target where file_id is not null and not ${fullyRefunded('target')}
      ),
      counted as (
        insert into ${deliveryCounts} as c (sale_id, file_id, count)
        select sale_id, file_id, 1 from allowed
        on conflict (sale_id, file_id) do update set count = c.count + 1
          where (select download_limit from allowed) = 0
             or c.count < (select download_limit from allowed)
        returning c.count
      ),
      recorded as (
        insert into ${deliveries} (sale_id, file_id, file_name, size, expires_at, created_at,
                                   version_id, version, sha256, stamped, country,
                                   network_prefix, user_agent)
        select allowed.sale_id, allowed.file_id, allowed.original_name,
               ${value('servedSize')}::bigint, ${value('expiresAt')}::timestamptz,
               ${value('at')}::timestamptz, ${value('versionId')}::uuid,
               ${value('version')}::int, ${value('sha256')}, ${value('stamped')}::boolean,
               ${value('country')}, ${value('networkPrefix')}, ${value('userAgent')}
        from allowed, counted
        returning id
      ),
      sale_figures as (
        update ${sales} s set download_count = s.download_count + 1,
          last_download_at = ${value('at')}::timestamptz
        from allowed, counted
        where s.id = allowed.sale_id
      )
      select ${fullyRefunded('target')} as fully_refunded, target.download_limit, target.file_id,
             target.original_name, target.size, target.storage_key, target.content_type,
             (select count from counted) as used, (select id from recorded) as delivery_id
      from target`,
    deliveryOutcomeOf,
    { locks: true },
  );

  /** The seller's sale (no other seller's). */
  const ownedSale = (sellerId: string, saleId: string) =>
    and(eq(sales.id, saleId), eq(sales.sellerId, sellerId));

  return {
    async deliver(request: DeliveryRequest): Promise<DeliveryOutcome> {
      const [outcome] = await deliver({
        orderId: request.orderId,
        fileId: request.fileId,
        at: request.at.toISOString(),
        expiresAt: request.expiresAt.toISOString(),
        versionId: request.versionId,
        version: request.version,
        sha256: request.sha256,
        servedSize: request.servedSize,
        stamped: request.stamped,
        country: request.country,
        networkPrefix: request.networkPrefix,
        userAgent: request.userAgent,
      });
      return outcome ?? { kind: 'unknown_order' };
    },

    /**
     * The order's sale and what a delivery of the file would serve (its newest version), read
     * before the delivery is counted; undefined for an unknown order.
     */
    async findTarget(orderId: string, fileId: string): Promise<DeliveryTarget | undefined> {
      const [sale] = await db
        .select({
          saleId: sales.id,
          sellerId: sales.sellerId,
          customerEmail: sales.customerEmail,
          refunded: sql<boolean>`${fullyRefunded('sales')}`,
          pdfStamp: products.pdfStamp,
          productId: products.id,
        })
        .from(sales)
        .innerJoin(products, eq(products.id, sales.productId))
        .where(eq(sales.orderId, orderId))
        .limit(1);
      if (!sale) return undefined;
      const [found] = await db
        .select({ version: productFileVersions })
        .from(productFiles)
        .innerJoin(
          productFileVersions,
          and(
            eq(productFileVersions.fileId, productFiles.id),
            eq(productFileVersions.number, productFiles.version),
          ),
        )
        .where(and(eq(productFiles.id, fileId), eq(productFiles.productId, sale.productId)))
        .limit(1);
      return {
        saleId: sale.saleId,
        sellerId: sale.sellerId,
        customerEmail: sale.customerEmail,
        refunded: Boolean(sale.refunded),
        pdfStamp: sale.pdfStamp,
        version: found?.version,
      };
    },

    /** The stamped copy of the version made for the sale, if it was made. */
    async findStampedCopy(saleId: string, versionId: string): Promise<StampedCopyRow | undefined> {
      const [row] = await db
        .select()
        .from(stampedCopies)
        .where(and(eq(stampedCopies.saleId, saleId), eq(stampedCopies.versionId, versionId)))
        .limit(1);
      return row;
    },

    /**
     * Records a stamped copy; when another one was recorded first, that one stays and is
     * returned (the caller removes its own object).
     */
    async saveStampedCopy(
      values: Pick<StampedCopyRow, 'saleId' | 'versionId' | 'storageKey' | 'sha256' | 'size'>,
    ): Promise<StampedCopyRow> {
      const [inserted] = await db
        .insert(stampedCopies)
        .values(values)
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      const [existing] = await db
        .select()
        .from(stampedCopies)
        .where(
          and(
            eq(stampedCopies.saleId, values.saleId),
            eq(stampedCopies.versionId, values.versionId),
          ),
        );
      if (!existing) throw new Error('a stamped copy vanished while another was recorded');
      return existing;
    },

    /** Keeps a version's hash, computed at its first delivery. */
    async setVersionSha256(versionId: string, sha256: string): Promise<void> {
      await db
        .update(productFileVersions)
        .set({ sha256 })
        .where(eq(productFileVersions.id, versionId));
    },

    /**
     * The seller's sale, its product's title and its buyer's customer id; none for another
     * seller's or no sale.
     */
    async findSale(
      sellerId: string,
      saleId: string,
    ): Promise<(SaleWithTitle & { customerId: string | null }) | undefined> {
      const [row] = await db
        .select({ sale: sales, productTitle: products.title, customerId: customers.id })
        .from(sales)
        .innerJoin(products, eq(products.id, sales.productId))
        .leftJoin(
          customers,
          and(
            eq(customers.sellerId, sales.sellerId),
            sql`lower(${customers.email}) = lower(${sales.customerEmail})`,
          ),
        )
        .where(ownedSale(sellerId, saleId))
        .limit(1);
      return row;
    },

    /** The sale's refunds and chargebacks, oldest first. */
    refundsOf(saleId: string): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(eq(refunds.saleId, saleId))
        .orderBy(asc(refunds.refundedAt), asc(refunds.createdAt), asc(refunds.id));
    },

    /** The seller's nickname, and the product's current files with their sample settings. */
    async evidenceFacts(sellerId: string, productId: string) {
      const [seller] = await db
        .select({ nickname: sellers.nickname })
        .from(sellers)
        .where(eq(sellers.id, sellerId));
      const files = await db
        .select({
          id: productFiles.id,
          name: productFiles.originalName,
          isSample: productFiles.isSample,
          samplePages: productFiles.samplePages,
          pageCount: productFileVersions.pageCount,
        })
        .from(productFiles)
        .innerJoin(
          productFileVersions,
          and(
            eq(productFileVersions.fileId, productFiles.id),
            eq(productFileVersions.number, productFiles.version),
          ),
        )
        .where(eq(productFiles.productId, productId))
        .orderBy(asc(productFiles.position));
      return { nickname: seller?.nickname ?? null, files };
    },

    /** Every delivery of the sale, newest first. */
    deliveriesOf(saleId: string): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(deliveries)
        .where(eq(deliveries.saleId, saleId))
        .orderBy(desc(deliveries.createdAt), desc(deliveries.id));
    },

    /**
     * Sets the seller's sale's downloads back to none, in one transaction: the per-file counters
     * go and the sale's count is 0; the deliveries (the history) and the last download's time
     * stay. The sale row is locked first, as a delivery's figures update locks it. None for
     * another seller's or no sale.
     */
    resetDownloads(sellerId: string, saleId: string): Promise<SaleWithTitle | undefined> {
      return transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: sales.id })
          .from(sales)
          .where(ownedSale(sellerId, saleId))
          .for('update');
        if (!locked) return undefined;
        await tx.delete(deliveryCounts).where(eq(deliveryCounts.saleId, locked.id));
        const [sale] = await tx
          .update(sales)
          .set({ downloadCount: 0 })
          .where(eq(sales.id, locked.id))
          .returning();
        if (!sale) throw new Error(`sale ${locked.id} vanished while its downloads were reset`);
        const [product] = await tx
          .select({ title: products.title })
          .from(products)
          .where(eq(products.id, sale.productId));
        if (!product) throw new Error(`the product of sale ${sale.id} cannot be read`);
        return { sale, productTitle: product.title };
      });
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
