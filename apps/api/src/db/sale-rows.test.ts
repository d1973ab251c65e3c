import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { fullyRefunded, isFullyRefunded } from './sale-rows.ts';
import { rowsOf } from './sql-values.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('a fully refunded sale', () => {
  it('is one whose refunds took back its whole amount, in SQL and for a row already read', async () => {
    const cases = [
      { amount: 14_940, refundedAmount: 0, expected: false },
      { amount: 14_940, refundedAmount: 1, expected: false },
      { amount: 14_940, refundedAmount: 14_939, expected: false },
      { amount: 14_940, refundedAmount: 14_940, expected: true },
      { amount: 1, refundedAmount: 1, expected: true },
      // A free copy: nothing to take back, never refunded.
      { amount: 0, refundedAmount: 0, expected: false },
    ];
    const values = sql.join(
      cases.map((c) => sql`(${c.amount}::bigint, ${c.refundedAmount}::bigint)`),
      sql`, `,
    );
    const rows = rowsOf<{ full: boolean }>(
      await database.db.execute(
        sql`select ${fullyRefunded('s')} as full
            from (values ${values}) as s(amount, refunded_amount)`,
      ),
    );
    expect(rows.map((row) => row.full)).toEqual(cases.map((c) => c.expected));
    expect(cases.map((c) => isFullyRefunded(c))).toEqual(cases.map((c) => c.expected));
  });
});
