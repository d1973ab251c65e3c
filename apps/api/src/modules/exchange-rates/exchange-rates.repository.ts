import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ExchangeRateRow, exchangeRates } from '../../db/schema.ts';

export type RateSource = 'seeded' | 'internal_api' | 'command' | 'provider';

export type NewRate = Pick<ExchangeRateRow, 'krw' | 'cny' | 'rateDate'> & { source: RateSource };

export function createExchangeRateRepository(db: Database) {
  return {
    /** The newest real rate; the seeded one only while no other exists. */
    async latest(): Promise<ExchangeRateRow | undefined> {
      const [row] = await db
        .select()
        .from(exchangeRates)
        .orderBy(
          sql`(${exchangeRates.source} = 'seeded')`,
          desc(exchangeRates.rateDate),
          desc(exchangeRates.createdAt),
        )
        .limit(1);
      return row;
    },

    async insert(rate: NewRate): Promise<ExchangeRateRow> {
      const [row] = await db.insert(exchangeRates).values(rate).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Inserts the starting rate once, when the table is empty (safe when servers race). */
    async seedIfEmpty(rate: Omit<NewRate, 'source'>): Promise<void> {
      await db.execute(sql`
        insert into ${exchangeRates} (krw, cny, rate_date, source)
        select ${rate.krw}, ${rate.cny}, ${rate.rateDate}, 'seeded'
        where not exists (select 1 from ${exchangeRates})
        on conflict do nothing`);
    },
  };
}

export type ExchangeRateRepository = ReturnType<typeof createExchangeRateRepository>;
