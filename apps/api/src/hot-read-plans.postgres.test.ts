import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from './db/client.ts';
import { parseRows, sqlInteger } from './db/sql-values.ts';
import { createSellerRepository } from './modules/auth/auth.repository.ts';
import { createSessionRepository } from './modules/auth/sessions.repository.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { createGettingStartedRepository } from './modules/getting-started/getting-started.repository.ts';
import { createProductRepository } from './modules/products/products.repository.ts';
import { createPurchaseRepository } from './modules/purchases/purchases.repository.ts';
import { createSalesRepository } from './modules/sales/sales.repository.ts';
import { createSalesService } from './modules/sales/sales.service.ts';
import { openTestDatabase } from './test/test-database.ts';

/**
 * The dashboard's reads are named statements, prepared once per connection. PostgreSQL plans
 * the first five executions for their values; after that it keeps one plan for every value
 * (the generic plan) only when that plan looks no costlier than those. A statement whose
 * generic plan looks costlier is planned anew on every call, which cost ~0.7 ms of
 * PostgreSQL's CPU on the transactions' first page: a LIMIT given as a parameter is costed at
 * a tenth of the rows under it, and a seller has many sales. With enough sales for the planner
 * to see that, every hot read must end up on its kept plan. PostgreSQL only: PGlite runs the
 * same statements, but one connection's plan cache is what this looks at.
 */
const timeZone = 'Asia/Seoul';
const sellerCount = 100;
const productsPerSeller = 20;
const salesCount = 100_000;

let database: DatabaseHandle;
const sellerIds: string[] = [];

beforeAll(async () => {
  // One pipelined connection for the hot reads: the statements and the view of their plans
  // are that connection's.
  database = await openTestDatabase({ readConnections: 1 });
  const { db } = database;
  await db.execute(sql`
    insert into sellers (email, nickname, password_hash, created_at)
    select 'plans' || n || '@example.com', 'plans_' || n, 'no-password', now() - interval '3 years'
    from generate_series(1, ${sellerCount}::int) n`);
  await db.execute(sql`
    insert into products (seller_id, title, description, price, status)
    select s.id, 'Product ' || n, 'A product.', 1000 + n, 'active'
    from sellers s, generate_series(1, ${productsPerSeller}::int) n`);
  // Sales over two years, the first seller with a third of them.
  await db.execute(sql`
    with numbered as (
      select p.id, p.seller_id,
             row_number() over (order by s.email, p.title) - 1 as k
      from products p join sellers s on s.id = p.seller_id
    )
    insert into sales (order_id, seller_id, product_id, customer_email, payment_method, amount,
                       commission_rate_bp, commission_amount, net_amount, purchased_at)
    select 'plans-' || g, numbered.seller_id, numbered.id, 'buyer' || (g % 500) || '@example.com',
           'card', 5000, 1000, 500, 4500, now() - (g % 730) * interval '1 day' - g * interval '1 second'
    from generate_series(1, ${salesCount}::int) g
    join numbered on numbered.k = case when g % 3 = 0 then g % ${productsPerSeller}
                                       else g % ${sellerCount * productsPerSeller} end`);
  await createPurchaseRepository(database, timeZone).rebuildRollups();
  await db.execute(sql`analyze`);
  const rows = parseRows(
    z.object({ id: z.string() }),
    await db.execute(sql`select id from sellers order by email`),
  );
  sellerIds.push(...rows.map((row) => row.id));
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("the dashboard's reads on PostgreSQL", () => {
  it('run on the plan PostgreSQL keeps, not planned anew on each call', async () => {
    const { db } = database;
    const salesRepository = createSalesRepository(database.statements, timeZone);
    // The dashboard read at noon in Seoul on the 15th of last month (the sales reach two years
    // back): on the first day of a month the month's window holds a day, and PostgreSQL plans
    // so short a count for its values, which says nothing about the statements' plans on the
    // other days. The clock is fixed so that the check does not depend on the day it runs.
    const clock = new Date();
    clock.setUTCDate(1);
    clock.setUTCMonth(clock.getUTCMonth() - 1, 15);
    clock.setUTCHours(3, 0, 0, 0);
    const salesService = createSalesService({
      sales: salesRepository,
      timeZone,
      now: () => clock,
    });
    const products = createProductRepository(database);
    const sellers = createSellerRepository(database);
    const gettingStarted = createGettingStartedRepository(database);
    const catalog = createCatalogRepository(database.statements);
    const today = clock.toISOString().slice(0, 10);
    // A big seller and small ones, as a connection of the pool sees them.
    const callers = [sellerIds[0], sellerIds[1], sellerIds[50], sellerIds[99]] as string[];
    // The token check of every request made with a session token.
    const sessions = createSessionRepository(database);
    const sessionOf = new Map<string, string>();
    for (const sellerId of callers) {
      sessionOf.set(
        sellerId,
        await sessions.create(db, {
          sellerId,
          ip: null,
          userAgent: null,
          at: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
        }),
      );
    }
    // The public catalog's pages of the same sellers, as the member site reads them.
    const pageOf = new Map(
      parseRows(
        z.object({ id: z.string(), nickname: z.string(), product: z.string() }),
        await db.execute(sql`
          select s.id, s.nickname, (select p.id from products p where p.seller_id = s.id
                                    order by p.created_at desc limit 1) as product
          from sellers s`),
      ).map((row) => [row.id, row]),
    );
    for (let round = 0; round < 3; round++) {
      for (const sellerId of callers) {
        const page = pageOf.get(sellerId);
        if (!page) throw new Error('no catalog page');
        expect(await catalog.creatorPage(page.nickname)).toBeDefined();
        expect(await catalog.productPage(page.nickname, page.product)).toBeDefined();
        await sellers.profile(sellerId);
        await sellers.tokenVersion(sellerId);
        await sessions.state(sellerId, sessionOf.get(sellerId) ?? '', new Date());
        await gettingStarted.read(sellerId);
        await products.listForSeller(sellerId, 'http://127.0.0.1/storage/public/');
        await products.stats(sellerId);
        await salesService.stats(sellerId);
        await salesService.overview(sellerId);
        await salesService.daily(sellerId, 30);
        await salesService.byProduct(sellerId);
        for (const period of ['all', 'today', 'week', 'month'] as const) {
          await salesService.transactions(sellerId, { period, page: 1, limit: 20 });
          await salesService.transactions(sellerId, { period, page: 3, limit: 20 });
        }
        await salesService.transactions(sellerId, {
          period: 'all',
          day: today,
          page: 1,
          limit: 20,
        });
      }
    }
    const plans = parseRows(
      z
        .object({ name: z.string(), generic_plans: sqlInteger, custom_plans: sqlInteger })
        .transform((row) => ({
          name: row.name,
          generic: row.generic_plans,
          custom: row.custom_plans,
        })),
      // Read on the hot reads' connection, where they were prepared.
      {
        rows: await database.statements.run({
          text: 'select name, generic_plans, custom_plans from pg_prepared_statements order by name',
          values: [],
        }),
      },
    );
    const names = plans.map((plan) => plan.name);
    for (const expected of [
      'sales_count_and_first_page_json_all',
      'sales_count_and_first_page_json_month',
      'sales_page_json_all',
      'seller_profile',
      'seller_session_state',
      'products_list_json_for_seller',
      'catalog_creator_page',
      'catalog_product_page',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.some((name) => name.startsWith('sales_overview'))).toBe(true);
    // Five executions planned for their values, every later one on the kept plan.
    const planned = plans.filter((plan) => plan.custom + plan.generic > 5);
    expect(planned.length).toBeGreaterThanOrEqual(10);
    const plannedEachCall = planned.filter((plan) => plan.generic === 0).map((plan) => plan.name);
    expect(plannedEachCall).toEqual([]);
  });
});
