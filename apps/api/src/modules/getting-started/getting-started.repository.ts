import { sql } from 'drizzle-orm';
import type { DataAccess } from '../../db/client.ts';
import { products, sellerGettingStarted, settlementInfos } from '../../db/schema.ts';
import { column } from '../../db/sql-values.ts';

/** What the checklist reads, each from the seller's own data. */
export interface GettingStartedState {
  payoutMethod: boolean;
  firstProduct: boolean;
  creatorLinkShared: boolean;
  dismissed: boolean;
}

export interface GettingStartedChange {
  creatorLinkShared?: true;
  dismissed?: boolean;
}

/**
 * The checklist in one round trip: a payout method is set up when any method has its key field
 * filled (the settlement rules only store complete methods), a product counts unless deleted.
 */
export function createGettingStartedRepository({
  db,
  statements,
}: Pick<DataAccess, 'db' | 'statements'>) {
  // Read on every visit of the dashboard: a hot statement.
  const read = statements.prepare(
    'getting_started_state',
    sql`
      select
        exists (
          select 1 from ${settlementInfos} s
          where s.seller_id = ${sql.placeholder('sellerId')}
            and (s.alipay_phone <> '' or s.bank_account <> '' or s.paypal_email <> '')
        ) as payout_method,
        exists (
          select 1 from ${products} p
          where p.seller_id = ${sql.placeholder('sellerId')} and p.status <> 'deleted'
        ) as first_product,
        coalesce(g.creator_link_shared_at is not null, false) as creator_link_shared,
        coalesce(g.dismissed_at is not null, false) as dismissed
      from (select 1) as one
      left join ${sellerGettingStarted} g on g.seller_id = ${sql.placeholder('sellerId')}`,
    (row): GettingStartedState => ({
      payoutMethod: column.boolean(row, 'payout_method'),
      firstProduct: column.boolean(row, 'first_product'),
      creatorLinkShared: column.boolean(row, 'creator_link_shared'),
      dismissed: column.boolean(row, 'dismissed'),
    }),
  );
  return {
    async read(sellerId: string): Promise<GettingStartedState> {
      const [row] = await read({ sellerId });
      if (!row) throw new Error('the checklist query returned no row');
      return row;
    },

    /** Records what changed; the first time the link was shared is kept. */
    async update(sellerId: string, change: GettingStartedChange): Promise<void> {
      const shared = change.creatorLinkShared === true;
      const dismissedGiven = change.dismissed !== undefined;
      const dismissed = change.dismissed === true;
      await db.execute(sql`
        insert into ${sellerGettingStarted} as g (seller_id, creator_link_shared_at, dismissed_at)
        values (${sellerId}, case when ${shared} then now() end, case when ${dismissed} then now() end)
        on conflict (seller_id) do update set
          creator_link_shared_at = coalesce(g.creator_link_shared_at, excluded.creator_link_shared_at),
          dismissed_at = case
            when not ${dismissedGiven} then g.dismissed_at
            when ${dismissed} then coalesce(g.dismissed_at, excluded.dismissed_at)
            else null
          end,
          updated_at = now()`);
    },
  };
}

export type GettingStartedRepository = ReturnType<typeof createGettingStartedRepository>;
