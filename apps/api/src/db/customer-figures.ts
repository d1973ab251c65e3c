import { type SQL, sql } from 'drizzle-orm';
import { customers, sales, sellers } from './schema.ts';

/*
 * How sales and refunds keep the `customers` table current, inside their own statements
 * (docs/product-rules.md, "Customers"). The newer sale's name, country and language replace the
 * older ones only where it tells them; a sale whose buyer ticked the box for news grants the
 * consent unless a later change (a withdrawal, an unsubscribe) is already recorded.
 */

/** The columns a customer's row is written with, from sales: insert and upsert share them. */
const customerColumns = sql.raw(`seller_id, email, name, country, locale, purchases, total_net,
  first_purchase_at, last_purchase_at, product_ids, marketing_consent, consent_at`);

/** On a buyer already known: the figures add up, the rest follows the latest that tells. */
const mergeCustomer = (figures: 'add' | 'replace') => sql`
  on conflict (seller_id, lower(email)) do update set
    name = case when excluded.last_purchase_at >= c.last_purchase_at
                then coalesce(excluded.name, c.name) else coalesce(c.name, excluded.name) end,
    country = case when excluded.last_purchase_at >= c.last_purchase_at
                   then coalesce(excluded.country, c.country) else coalesce(c.country, excluded.country) end,
    locale = case when excluded.last_purchase_at >= c.last_purchase_at
                  then coalesce(excluded.locale, c.locale) else coalesce(c.locale, excluded.locale) end,
    ${
      figures === 'add'
        ? sql`purchases = c.purchases + excluded.purchases,
    total_net = c.total_net + excluded.total_net,
    first_purchase_at = least(c.first_purchase_at, excluded.first_purchase_at),
    last_purchase_at = greatest(c.last_purchase_at, excluded.last_purchase_at),
    product_ids = case when excluded.product_ids <@ c.product_ids then c.product_ids
      else array(select distinct id from unnest(c.product_ids || excluded.product_ids) id order by id)
      end,`
        : sql`purchases = excluded.purchases,
    total_net = excluded.total_net,
    first_purchase_at = excluded.first_purchase_at,
    last_purchase_at = excluded.last_purchase_at,
    product_ids = excluded.product_ids,`
    }
    marketing_consent = case
      when excluded.consent_at is not null and (c.consent_at is null or excluded.consent_at >= c.consent_at)
      then excluded.marketing_consent else c.marketing_consent end,
    consent_at = case
      when excluded.consent_at is not null and (c.consent_at is null or excluded.consent_at >= c.consent_at)
      then excluded.consent_at else c.consent_at end`;

/**
 * A CTE (`customer`) of a statement whose `new_sale` holds the sale just inserted, if any:
 * adds it to its buyer's customer row, creating the row for a new buyer.
 */
export function customerOfNewSale(): SQL {
  return sql`
    customer as (
      insert into ${customers} as c (${customerColumns})
      select seller_id, customer_email, buyer_name, buyer_country, buyer_locale, 1, net_amount,
             purchased_at, purchased_at, array[product_id],
             case when marketing_consent then 'granted' else 'none' end,
             case when marketing_consent then purchased_at end
      from new_sale
      ${mergeCustomer('add')}
    )`;
}

/**
 * A CTE (`customer`) of a statement whose `updated` holds a sale just refunded: takes what the
 * seller loses (`net`, the refund less the commission returned) off its buyer's total.
 */
export function customerOfRefund(net: SQL): SQL {
  return sql`
    customer as (
      update ${customers} c set total_net = c.total_net - ${net}::bigint
      from updated u
      where c.seller_id = u.seller_id and lower(c.email) = lower(u.customer_email)
    )`;
}

/**
 * Every customer's figures recomputed from the sales and what was refunded of them (after a
 * bulk load, and once for the sales made before customers were kept). Consents and
 * unsubscribes already recorded stay, unless a sale's consent is newer. A deleted account has
 * none.
 */
export function rebuildCustomers(): SQL {
  const latest = (column: string) =>
    sql.raw(
      `(array_agg(${column} order by purchased_at desc) filter (where ${column} is not null))[1]`,
    );
  return sql`
    insert into ${customers} as c (${customerColumns})
    select seller_id, (array_agg(customer_email order by purchased_at))[1],
           ${latest('buyer_name')}, ${latest('buyer_country')}, ${latest('buyer_locale')},
           count(*), sum(net_amount - (refunded_amount - refunded_commission)),
           min(purchased_at), max(purchased_at),
           array_agg(distinct product_id order by product_id),
           case when bool_or(marketing_consent) then 'granted' else 'none' end,
           max(purchased_at) filter (where marketing_consent)
    from ${sales}
    -- A deleted account's buyers were erased with it, and stay so.
    where seller_id in (select id from ${sellers} where deleted_at is null)
    group by seller_id, lower(customer_email)
    ${mergeCustomer('replace')}`;
}
