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
      const dismissed = change.dismissed === true;
      const now = sql`now()`;
      const g = sellerGettingStarted;
      await db
        .insert(g)
        .values({
          sellerId,
          creatorLinkSharedAt: shared ? now : null,
          dismissedAt: dismissed ? now : null,
        })
        .onConflictDoUpdate({
          target: g.sellerId,
          set: {
            creatorLinkSharedAt: sql`coalesce(${g.creatorLinkSharedAt}, excluded.creator_link_shared_at)`,
            // Left as it is unless the change says; dismissing again keeps the first time.
            ...(change.dismissed === undefined
              ? {}
              : {
                  dismissedAt: dismissed
                    ? sql`coalesce(${g.dismissedAt}, excluded.dismissed_at)`
                    : null,
                }),
            updatedAt: now,
          },
        });
    },
  };
}

export type GettingStartedRepository = ReturnType<typeof createGettingStartedRepository>;
