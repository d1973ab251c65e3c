import type { Customer } from '@seller/contract/customers/customer';
import type { CustomerDetail } from '@seller/contract/customers/get-customer';
import type { CustomersResponse } from '@seller/contract/customers/list-customers';
import type {
  RecordConsentResponse,
  recordConsentBodySchema,
} from '@seller/contract/internal/record-consent';
import { limits } from '@seller/contract/limits';
import type { z } from 'zod';
import type { CustomerRow } from '../../db/schema.ts';
import { invalidField, notFound } from '../../lib/app-error.ts';
import { saleRowToTransaction } from '../sales/sales.service.ts';
import type {
  CustomerCursor,
  CustomerFilters,
  CustomerRepository,
} from './customers.repository.ts';
import { customersCsvRows } from './customers-csv.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Clocks differ: a consent may be dated a little ahead of ours, not more. */
const maxClockSkewMs = 5 * 60 * 1000;

/** Rows fetched per query while streaming an export: memory stays flat whatever the total. */
const defaultExportPageSize = 1000;

/** The export's first page: small, so that the file starts as fast as a list page answers. */
const firstExportPageSize = 50;

export const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  country: row.country,
  locale: row.locale,
  purchases: row.purchases,
  totalNet: row.totalNet,
  firstPurchaseAt: row.firstPurchaseAt.toISOString(),
  lastPurchaseAt: row.lastPurchaseAt.toISOString(),
  productIds: row.productIds,
  marketingConsent: row.marketingConsent,
  productUpdates: row.productUpdates,
});

/** `yyyy-MM-dd` in the time zone, for file names. */
const localDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);

export function createCustomerService(deps: {
  customers: CustomerRepository;
  timeZone: string;
  now?: () => Date;
  exportPageSize?: number;
}) {
  const { customers, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const exportPageSize = deps.exportPageSize ?? defaultExportPageSize;

  return {
    async list(
      sellerId: string,
      query: CustomerFilters & { page: number; limit: number },
    ): Promise<CustomersResponse> {
      const { page, limit } = query;
      const { total, rows } = await customers.list(sellerId, query, (page - 1) * limit, limit);
      return {
        customers: rows.map(toCustomer),
        pagination: { total, page, limit, totalPages: Math.ceil(total / limit) },
      };
    },

    /** One buyer and their latest sales; another seller's (or no) buyer is 404. */
    async get(sellerId: string, id: string): Promise<CustomerDetail> {
      const customer = uuidPattern.test(id) ? await customers.find(sellerId, id) : undefined;
      if (!customer) throw notFound('Customer');
      const sold = await customers.salesOf(customer, limits.customers.salesShown);
      return {
        customer: toCustomer(customer),
        sales: sold.map(({ sale, productTitle }) => saleRowToTransaction(sale, productTitle)),
      };
    },

    /**
     * The file name and a stream of CSV text, read page by page (keyset). The first page is
     * read before the answer starts, so that a refused search (text PostgreSQL cannot take)
     * is a clear error rather than a cut download; it is a small one, the next ones full.
     */
    async exportCsv(
      sellerId: string,
      filters: CustomerFilters,
    ): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
      const first = await customers.after(
        sellerId,
        filters,
        undefined,
        Math.min(firstExportPageSize, exportPageSize),
      );
      async function* pages() {
        let page = first;
        for (;;) {
          if (page.rows.length > 0) yield page.rows;
          const cursor: CustomerCursor | undefined = page.next;
          if (!cursor) return;
          page = await customers.after(sellerId, filters, cursor, exportPageSize);
        }
      }
      return {
        fileName: `customers-${localDate(now(), timeZone)}.csv`,
        lines: customersCsvRows(pages(), timeZone),
      };
    },

    /** The member site's consent change; the latest `at` wins (docs/product-rules.md). */
    async recordConsent(
      input: z.output<typeof recordConsentBodySchema>,
    ): Promise<RecordConsentResponse> {
      const at = new Date(input.at);
      if (at.getTime() > now().getTime() + maxClockSkewMs) {
        throw invalidField('at', 'consentAtInFuture', 'Invalid body: at is in the future');
      }
      const customer = await customers.recordConsent(
        input.sellerId,
        input.email,
        input.granted ? 'granted' : 'withdrawn',
        at,
      );
      if (!customer) throw notFound('Customer');
      return { customer: { id: customer.id, marketingConsent: customer.marketingConsent } };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
