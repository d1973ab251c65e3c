import type { CustomerSort, MarketingConsent } from '@seller/contract/customers/customer';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CustomerRow, customers, products, type SaleRow, sales } from '../../db/schema.ts';

/** The filters of the list and of the export, checked by the contract. */
export interface CustomerFilters {
  query?: string | undefined;
  productId?: string | undefined;
  country?: string | undefined;
  consent?: MarketingConsent | undefined;
  sort: CustomerSort;
}

/** Where a keyset page of the export starts: after this customer (exclusive). */
export interface CustomerCursor {
  /** The sort column's value as PostgreSQL prints it (a timestamp keeps its microseconds). */
  value: string;
  id: string;
}

/** `%` and `_` in a search text are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const sortColumns = {
  lastPurchaseAt: { column: customers.lastPurchaseAt, type: sql`timestamptz` },
  totalNet: { column: customers.totalNet, type: sql`bigint` },
  purchases: { column: customers.purchases, type: sql`bigint` },
} as const;

/** One seller's customers matching the filters; served by the seller's indexes. */
function matching(sellerId: string, filters: CustomerFilters): SQL {
  const conditions: SQL[] = [eq(customers.sellerId, sellerId)];
  if (filters.query) {
    const pattern = likePattern(filters.query);
    const either = or(ilike(customers.email, pattern), ilike(customers.name, pattern));
    if (either) conditions.push(either);
  }
  if (filters.productId) {
    conditions.push(sql`${customers.productIds} @> array[${filters.productId}]::uuid[]`);
  }
  if (filters.country) conditions.push(eq(customers.country, filters.country));
  if (filters.consent) conditions.push(eq(customers.marketingConsent, filters.consent));
  return and(...conditions) as SQL;
}

/** Largest first, as the indexes (`… desc nulls last, id desc nulls last`) hold them. */
const ordered = (sort: CustomerSort): SQL[] => [
  sql`${sortColumns[sort].column} desc nulls last`,
  sql`${customers.id} desc nulls last`,
];

/** Smallest first: the same index read backwards, for a page near the list's end. */
const reversed = (sort: CustomerSort): SQL[] => [
  sql`${sortColumns[sort].column} asc nulls first`,
  sql`${customers.id} asc nulls first`,
];

/** The buyer's sales, by the customer's email without regard to case. */
const salesOfCustomer = (customer: Pick<CustomerRow, 'sellerId' | 'email'>) =>
  and(
    eq(sales.sellerId, customer.sellerId),
    sql`lower(${sales.customerEmail}) = lower(${customer.email})`,
  );

export function createCustomerRepository(db: Database) {
  /** The seller's customer of this email (without regard to case). */
  async function findByEmail(sellerId: string, email: string): Promise<CustomerRow | undefined> {
    const [row] = await db
      .select()
      .from(customers)
      .where(
        and(eq(customers.sellerId, sellerId), sql`lower(${customers.email}) = lower(${email})`),
      )
      .limit(1);
    return row;
  }

  return {
    /**
     * A page of the list (offset paging, as the other lists) and how many match. The count comes
     * first, from the narrow indexes (the seller's, country and consent; the products'; the
     * search's trigrams); a page in the far half of the list is then read from the other end of
     * the sort's index, so that the last page skips a few rows rather than all before it.
     */
    async list(
      sellerId: string,
      filters: CustomerFilters,
      offset: number,
      limit: number,
    ): Promise<{ total: number; rows: CustomerRow[] }> {
      const where = matching(sellerId, filters);
      const [counted] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(customers)
        .where(where);
      const total = counted?.total ?? 0;
      const shown = Math.min(limit, total - offset);
      if (shown <= 0) return { total, rows: [] };
      const skippedFromEnd = total - offset - shown;
      const { column } = sortColumns[filters.sort];
      // The page's ids are read off the sort's index alone (it holds the filtered columns);
      // only the page's own rows are then read from the table.
      const page = db
        .select({ id: customers.id, key: sql`${column}`.as('sort_key') })
        .from(customers)
        .where(where)
        .orderBy(...(skippedFromEnd < offset ? reversed(filters.sort) : ordered(filters.sort)))
        .offset(Math.min(offset, skippedFromEnd))
        .limit(shown)
        .as('page');
      const rows = await db
        .select({ customer: customers })
        .from(page)
        .innerJoin(customers, eq(customers.id, page.id))
        .orderBy(sql`${page.key} desc`, sql`${page.id} desc`);
      return { total, rows: rows.map((row) => row.customer) };
    },

    /** The export's keyset pages: the customers after `cursor` in the list's order. */
    async after(
      sellerId: string,
      filters: CustomerFilters,
      cursor: CustomerCursor | undefined,
      limit: number,
    ): Promise<{ rows: CustomerRow[]; next: CustomerCursor | undefined }> {
      const { column, type } = sortColumns[filters.sort];
      const where = cursor
        ? and(
            matching(sellerId, filters),
            sql`(${column}, ${customers.id}) < (${cursor.value}::${type}, ${cursor.id}::uuid)`,
          )
        : matching(sellerId, filters);
      const found = await db
        .select({ customer: customers, cursorValue: sql<string>`${column}::text` })
        .from(customers)
        .where(where)
        .orderBy(...ordered(filters.sort))
        .limit(limit);
      const last = found.at(-1);
      return {
        rows: found.map((row) => row.customer),
        next:
          last && found.length === limit
            ? { value: last.cursorValue, id: last.customer.id }
            : undefined,
      };
    },

    async find(sellerId: string, id: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.id, id), eq(customers.sellerId, sellerId)))
        .limit(1);
      return row;
    },

    findByEmail,

    /** The buyer's latest sales, newest first, with their products' titles. */
    salesOf(
      customer: CustomerRow,
      limit: number,
    ): Promise<{ sale: SaleRow; productTitle: string }[]> {
      return db
        .select({ sale: sales, productTitle: products.title })
        .from(sales)
        .innerJoin(products, eq(products.id, sales.productId))
        .where(salesOfCustomer(customer))
        .orderBy(sql`${sales.purchasedAt} desc`, sql`${sales.id} desc`)
        .limit(limit);
    },

    /**
     * Records a consent change unless a newer one is recorded already (the latest `at` wins):
     * the customer as it now is, or none when the seller has no such buyer.
     */
    async recordConsent(
      sellerId: string,
      email: string,
      consent: Exclude<MarketingConsent, 'none'>,
      at: Date,
    ): Promise<CustomerRow | undefined> {
      const [updated] = await db
        .update(customers)
        .set({ marketingConsent: consent, consentAt: at })
        .where(
          and(
            eq(customers.sellerId, sellerId),
            sql`lower(${customers.email}) = lower(${email})`,
            sql`(${customers.consentAt} is null or ${customers.consentAt} <= ${at.toISOString()}::timestamptz)`,
          ),
        )
        .returning();
      return updated ?? findByEmail(sellerId, email);
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;
