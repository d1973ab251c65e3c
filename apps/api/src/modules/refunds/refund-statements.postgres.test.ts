import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRows, sqlInteger } from '../../db/sql-values.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  recordRefund,
} from '../../test/member-site-calls.ts';
import { sellerWithChoices } from '../../test/seller-choices.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The member site sends refunds all day: each of a refund's statements is sent under its name,
 * so that a connection parses it once, and after its first calls PostgreSQL keeps one plan for
 * it rather than planning every call. PostgreSQL only (PGlite has no names); the member site's
 * writes have a single connection here, so that its prepared statements are the ones looked at.
 */
let t: TestApp;
/** A product of a seller on the daily summary, and one of a seller who mails each sale. */
let quietProductId: string;
let heardProductId: string;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret }, {}, { ingestPoolSize: 1 });
  const productOf = async (saleNotifications: 'daily' | 'each') =>
    (await sellerWithChoices(t, { saleNotifications })).productId;
  quietProductId = await productOf('daily');
  heardProductId = await productOf('each');
});
afterAll(async () => {
  await t.close();
});

const preparedRow = z.object({
  name: z.string(),
  generic_plans: sqlInteger,
  custom_plans: sqlInteger,
});

describe('the statements of a refund', () => {
  it('are prepared once on the connection and keep one plan', async () => {
    const calls = 12;
    for (const productId of [quietProductId, heardProductId]) {
      const sales = [];
      for (let n = 0; n < 3; n++) sales.push(await recordPurchase(t.app, purchase(productId)));
      for (let n = 0; n < calls; n++) {
        const sale = sales[n % sales.length];
        if (!sale) throw new Error('no sale');
        await recordRefund(t.app, sale.orderId, 100);
      }
    }
    const prepared = await t.database.ingest.transaction(async (tx) =>
      parseRows(
        preparedRow,
        await tx.execute(
          sql`select name, generic_plans, custom_plans from pg_prepared_statements
              where name like 'refund%' order by name`,
        ),
      ),
    );
    // One statement a refund nobody hears of; one that someone hears of is tried by it, then
    // written in a transaction (a retry's look-up only comes with a retry).
    const runs = Object.fromEntries(
      prepared.map((statement) => [
        statement.name,
        statement.generic_plans + statement.custom_plans,
      ]),
    );
    expect(runs).toEqual({
      refund_lock_sale_of_order: calls,
      refund_quiet_each_sale_refunded: calls * 2,
      refund_record_each_sale_refunded: calls,
    });
    for (const statement of prepared) {
      // Planned for its values at most five times, then on the kept plan.
      expect(statement.custom_plans, statement.name).toBeLessThanOrEqual(5);
    }
  });
});
