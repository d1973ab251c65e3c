/**
 * The marketplace the throughput scenario runs against, and the traffic it gets:
 *
 * - data: `sellers` sellers with `productsPerSeller` products each and `sales` sales spread
 *   over them with a long tail (seller of rank r holds a share ∝ 1 / r^s: a few big sellers,
 *   most small), over two years, newest a minute old; rollups rebuilt by the server's own code;
 * - reads: what the web app asks for when a page loads (the dashboard, /products, /sales), for
 *   a seller chosen by the same Zipf law (busy sellers look at their figures more), each seller
 *   with their own session token;
 * - writes: the member site's signed calls, purchases (with the buyer's name, country,
 *   language, consent and where they came from; one in five with the seller's discount code,
 *   redeemed first) and product views (per source, campaign and country), on products chosen
 *   by the same law, a flash sale (one product of one seller, many purchases at once), refunds
 *   and chargebacks of seeded sales, and the operator's payouts to sellers with a balance.
 *
 * Ids are made from ranks (`sellerId(r)`, `productId(r, n)`), so that pgbench scripts can name
 * the same rows from a random rank.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { loadSales, rebuildRollupsAndVacuum, type StepSeconds, timed } from './bulk-sales.ts';
import type { LoadRequest } from './http-load.ts';
import { sessionTokens, withClient } from './seed.ts';

/** Zipf exponent of sellers' sizes and of who reads and sells (pgbench's `random_zipfian` needs > 1). */
export const zipfExponent = 1.01;
export const timeZone = 'Asia/Seoul';
const historyDays = 730;

export interface ShopSize {
  sellers: number;
  productsPerSeller: number;
  sales: number;
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

/** The id of the seller of rank `rank` (1 = biggest). */
export const sellerId = (rank: number) => `00000000-0000-4000-8000-${hex(rank, 12)}`;
/** The id of product `index` (0-based) of the seller of rank `rank`. */
export const productId = (rank: number, index: number) =>
  `00000000-${hex(rank, 4)}-4000-9000-${hex(index, 12)}`;

/** The discount code every seller gives (10 % off, no limit), and its discount's and code's ids. */
export const discountCode = 'WELCOME10';
export const discountId = (rank: number) => `00000000-${hex(rank, 4)}-4000-a000-000000000000`;
export const discountCodeId = (rank: number) => `00000000-${hex(rank, 4)}-4000-b000-000000000000`;

/** The nickname of the seller of rank `rank`, as the seed names them. */
export const nicknameOf = (rank: number) => `seller_${rank}`;

/** The same ids in SQL, from an integer expression (pgbench variables are integers). */
export const sellerIdSql = (rank: string) =>
  `('00000000-0000-4000-8000-' || lpad(to_hex(${rank}::int), 12, '0'))::uuid`;
export const nicknameSql = (rank: string) => `('seller_' || ${rank})`;
export const discountIdSql = (rank: string) =>
  `('00000000-' || lpad(to_hex(${rank}::int), 4, '0') || '-4000-a000-000000000000')::uuid`;
export const discountCodeIdSql = (rank: string) =>
  `('00000000-' || lpad(to_hex(${rank}::int), 4, '0') || '-4000-b000-000000000000')::uuid`;
export const productIdSql = (rank: string, index: string) =>
  `('00000000-' || lpad(to_hex(${rank}::int), 4, '0') || '-4000-9000-' || lpad(to_hex(${index}::int), 12, '0'))::uuid`;

/** Draws ranks 1…n with P(r) ∝ 1 / r^s. */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(
    readonly n: number,
    readonly s = zipfExponent,
  ) {
    this.cumulative = new Float64Array(n);
    let sum = 0;
    for (let rank = 1; rank <= n; rank++) {
      sum += 1 / rank ** s;
      this.cumulative[rank - 1] = sum;
    }
    for (let i = 0; i < n; i++) this.cumulative[i] = (this.cumulative[i] as number) / sum;
  }

  /** The share of rank `rank`. */
  share(rank: number): number {
    return (
      (this.cumulative[rank - 1] as number) - (rank > 1 ? (this.cumulative[rank - 2] as number) : 0)
    );
  }

  next(): number {
    const u = Math.random();
    let low = 0;
    let high = this.n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cumulative[middle] as number) < u) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  }
}

/**
 * The amount of the `g`-th seeded sale of a seller (1-based), as the seed's SQL computes it:
 * a refund can name a seeded sale and what is left of it without asking the database.
 */
export const seededAmount = (g: number) => 1000 + ((g * 7919) % 99001);

/** The order id of the `g`-th seeded sale of the seller of rank `rank`. */
export const seededOrderId = (rank: number, g: number) => `seed-${rank}-${g}`;

/** Sales per seller rank: shares of the Zipf law, rounded, the remainder to the biggest. */
export function salesPerSeller(size: ShopSize): number[] {
  const zipf = new Zipf(size.sellers);
  const counts = Array.from({ length: size.sellers }, (_, i) =>
    Math.floor(size.sales * zipf.share(i + 1)),
  );
  counts[0] = (counts[0] as number) + size.sales - counts.reduce((sum, count) => sum + count, 0);
  return counts;
}

/** Sellers, products and sales by SQL; the rollups rebuilt; VACUUM ANALYZE. */
export async function seedShop(databaseUrl: string, size: ShopSize): Promise<StepSeconds> {
  const seconds: StepSeconds = {};
  const counts = salesPerSeller(size);
  await withClient(databaseUrl, async (client) => {
    await timed(seconds, 'sellers and products', async () => {
      // Signed up three years ago: every sale pays the standard commission. No sale mails:
      // a fresh database would otherwise queue every seller's daily summary at the server's start.
      await client.query(
        `insert into sellers (id, email, nickname, password_hash, created_at, sale_notifications)
         select ${sellerIdSql('r')}, 'seller' || r || '@example.com', ${nicknameSql('r')},
                'bench-no-password', now() - interval '3 years', 'never'
         from generate_series(1, $1::int) r`,
        [size.sellers],
      );
      await client.query(
        `insert into products (id, seller_id, title, description, price, status, created_at)
         select ${productIdSql('r', 'n')}, ${sellerIdSql('r')}, 'Product ' || r || '-' || n,
                'A product of a benchmark seller.', 5 + n, 'active',
                now() - interval '3 years' + make_interval(days => n)
         from generate_series(1, $1::int) r, generate_series(0, $2::int - 1) n`,
        [size.sellers, size.productsPerSeller],
      );
      // Bank details for every seller, so that the operator's payouts may be recorded.
      await client.query(
        `insert into settlement_infos (seller_id, bank_name, bank_account, bank_account_holder,
                                       bank_branch)
         select ${sellerIdSql('r')}, 'Bench Bank', '110-' || r || '-0001', 'Seller ' || r, 'Seoul'
         from generate_series(1, $1::int) r`,
        [size.sellers],
      );
      // Every seller's discount code, which one purchase in five uses.
      await client.query(
        `insert into discounts (id, seller_id, code, kind, percent, created_at)
         select ${discountIdSql('r')}, ${sellerIdSql('r')}, $2, 'percent', 10,
                now() - interval '1 year'
         from generate_series(1, $1::int) r`,
        [size.sellers, discountCode],
      );
      await client.query(
        `insert into discount_codes (id, discount_id, seller_id, code, single_use, created_at)
         select ${discountCodeIdSql('r')}, ${discountIdSql('r')}, ${sellerIdSql('r')}, $2, false,
                now() - interval '1 year'
         from generate_series(1, $1::int) r`,
        [size.sellers, discountCode],
      );
    });
    await loadSales(client, seconds, () =>
      client.query(
        `insert into sales (order_id, seller_id, product_id, customer_email, payment_method,
                            amount, commission_rate_bp, commission_amount, net_amount, purchased_at)
         select 'seed-' || c.rank || '-' || g, ${sellerIdSql('c.rank')},
                ${productIdSql('c.rank', `g % ${size.productsPerSeller}`)},
                'buyer' || (g % 5000) || '@example.com',
                (array['card', 'alipay', 'paypal', 'bank'])[1 + g % 4],
                v.amount, 1000, (v.amount * 1000 + 5000) / 10000,
                v.amount - (v.amount * 1000 + 5000) / 10000,
                now() - interval '1 minute' - ((g - 1)::float8 / c.n) * interval '${historyDays} days'
         from unnest($1::int[]) with ordinality as c(n, rank)
         cross join lateral generate_series(1, c.n) g
         cross join lateral (select 1000 + (g::bigint * 7919) % 99001 as amount) v
         where c.n > 0`,
        [counts],
      ),
    );
  });
  await rebuildRollupsAndVacuum(databaseUrl, timeZone, seconds);
  return seconds;
}

/** A signed-in session token of every seller, by rank (index 0 unused). */
export async function sellerTokens(databaseUrl: string, sellers: number): Promise<string[]> {
  const ids = Array.from({ length: sellers }, (_, index) => sellerId(index + 1));
  return ['', ...(await sessionTokens(databaseUrl, ids))];
}

// ---- Reads ---------------------------------------------------------------------------------

/** The calls of a page load, as the web app makes them (the shell's profile included). */
export const readCalls = {
  profile: '/api/auth/profile',
  'stats/products': '/api/products/stats/products',
  'stats/sales': '/api/products/stats/sales',
  'stats/sales/overview': '/api/products/stats/sales/overview',
  'getting-started': '/api/dashboard/getting-started',
  'my-products': '/api/products/my-products',
  'sales/transactions': '/api/products/sales/transactions?period=all&page=1&limit=20',
  'stats/sales/daily': '/api/products/stats/sales/daily?days=30',
} as const;
export type ReadCall = keyof typeof readCalls;

/**
 * Page loads and how often each comes: the dashboard twice as often as /products or /sales;
 * half the /sales visits also open the chart tab.
 */
export const pageLoads: { page: string; weight: number; calls: ReadCall[] }[] = [
  {
    page: 'dashboard',
    weight: 4,
    calls: ['profile', 'stats/products', 'stats/sales', 'stats/sales/overview', 'getting-started'],
  },
  { page: '/products', weight: 2, calls: ['profile', 'my-products', 'stats/products'] },
  { page: '/sales', weight: 1, calls: ['profile', 'stats/sales', 'sales/transactions'] },
  {
    page: '/sales, chart tab',
    weight: 1,
    calls: ['profile', 'stats/sales', 'sales/transactions', 'stats/sales/daily'],
  },
];

/** The share of each call among all reads, from the page loads' weights. */
export function readShares(): Record<ReadCall, number> {
  const counts = {} as Record<ReadCall, number>;
  let total = 0;
  for (const { weight, calls } of pageLoads) {
    for (const call of calls) {
      counts[call] = (counts[call] ?? 0) + weight;
      total += weight;
    }
  }
  for (const call of Object.keys(counts) as ReadCall[]) counts[call] /= total;
  return counts;
}

/**
 * An endless stream of reads: page loads of Zipf-chosen sellers, their calls in order (the
 * connections take them as they come, so a page's calls run side by side as in a browser).
 * With `only`, every request is that call (for one endpoint alone).
 */
export function readStream(tokens: string[], only?: ReadCall): () => LoadRequest {
  const zipf = new Zipf(tokens.length - 1);
  const requests = new Map<string, LoadRequest>();
  const requestOf = (rank: number, call: ReadCall): LoadRequest => {
    const key = `${rank}:${call}`;
    let request = requests.get(key);
    if (!request) {
      request = {
        label: call,
        method: 'GET',
        path: readCalls[call],
        headers: { authorization: `Bearer ${tokens[rank]}` },
      };
      requests.set(key, request);
    }
    return request;
  };
  if (only) return () => requestOf(zipf.next(), only);
  const totalWeight = pageLoads.reduce((sum, page) => sum + page.weight, 0);
  const queue: LoadRequest[] = [];
  return () => {
    if (queue.length === 0) {
      const pick = Math.random() * totalWeight;
      let reached = 0;
      const page =
        pageLoads.find((candidate) => {
          reached += candidate.weight;
          return pick < reached;
        }) ?? pageLoads[0];
      const rank = zipf.next();
      for (const call of page?.calls ?? []) queue.push(requestOf(rank, call));
    }
    return queue.shift() as LoadRequest;
  };
}

// ---- Writes --------------------------------------------------------------------------------

export function signature(secret: string, body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export interface MemberSite {
  /** Order ids acknowledged as new (201), to count afterwards. */
  created: Set<string>;
  /** Refund ids acknowledged as new (201), likewise. */
  refundsCreated: Set<string>;
  /** Payout ids acknowledged as new (201), likewise. */
  payoutsCreated: Set<string>;
  /** Replays answered 200 with the sale already stored. */
  replays: number;
  /** Order ids of purchases acknowledged as new (201) with a code whose redeem was granted. */
  discounted: Set<string>;
  /** Redeems granted (201). */
  redeemed: number;
  /** The order-id prefix of this run's purchases (and of its refund and payout ids). */
  prefix: string;
  purchases(label?: string, choose?: () => [number, number]): () => LoadRequest;
  /**
   * Refunds and chargebacks of seeded sales, each sale refunded at most once: a quarter in
   * full, the rest in part. They take the seeded sales past the first `smallestSeller` of each
   * seller, which `smallRefunds` leaves to the ingest.
   */
  refunds(label?: string): () => LoadRequest;
  /**
   * Refunds of a few won of one of the first `smallestSeller` seeded sales of a Zipf-chosen
   * seller, as pgbench's refund transaction makes them: never more than is left, however often
   * a sale is drawn.
   */
  smallRefunds(label?: string): () => LoadRequest;
  /** The operator's payouts of 10,000 to 19,000 won to Zipf-chosen sellers (all have a balance). */
  payouts(label?: string): () => LoadRequest;
  /** One view a call, on the one-view route (what a simple member site sends). */
  views(): () => LoadRequest;
  /**
   * The batched way: each call is a second's `viewsPerCall` views of Zipf-chosen products,
   * summed per product, day, source, campaign and country, in one `POST /api/internal/views`.
   * Sent once a second.
   */
  viewBatches(viewsPerCall: number): () => LoadRequest;
  /**
   * What the batches carried: views sent, views of the batches answered 202, and those
   * batches' items, accepted and unknown.
   */
  batchedViews: {
    sent: number;
    acknowledged: number;
    items: number;
    accepted: number;
    unknown: number;
  };
}

/** The member site's buyers: purchases come from `buyer0@example.com` to `buyer4999@…`. */
export const buyers = 5000;

const buyerCountries = ['KR', 'KR', 'KR', 'KR', 'CN', 'CN', 'JP', 'JP', 'US', 'TW', 'FR', 'TR'];
const languages: Record<string, string> = {
  KR: 'ko',
  CN: 'zh',
  TW: 'zh',
  JP: 'ja',
  US: 'en',
  FR: 'fr',
  TR: 'tr',
};
const referrers = ['naver.com', 'm.naver.com', 'instagram.com', 'x.com', 'baidu.com', 'daum.net'];
const campaigns = ['spring_sale', 'launch', 'newsletter'];

/**
 * Where the visit of number `v` came from: a referrer for two in three, a campaign (with its
 * UTM source and medium) for one in four, a country for nine in ten.
 */
function visitOf(v: number): {
  source?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  country?: string;
} {
  const campaign = v % 4 === 0 ? campaigns[(v >> 2) % campaigns.length] : undefined;
  const country = v % 10 === 9 ? undefined : buyerCountries[v % buyerCountries.length];
  return {
    ...(v % 3 === 0 ? {} : { source: referrers[v % referrers.length] }),
    ...(campaign ? { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: campaign } : {}),
    ...(country ? { country } : {}),
  };
}

/**
 * What the member site tells of the buyer of purchase `n`: the buyer's own name, country,
 * language and consent (the same for every purchase of theirs), and the visit's source.
 */
function buyerFields(n: number) {
  const buyer = n % buyers;
  const country = buyerCountries[buyer % buyerCountries.length] ?? 'KR';
  const { country: _visitCountry, ...visit } = visitOf(n);
  return {
    buyerName: `Buyer ${buyer}`,
    buyerCountry: country,
    buyerLocale: languages[country] ?? 'en',
    marketingConsent: buyer % 3 === 0,
    ...visit,
  };
}

/** The local day of a view, as the view counter writes it (`yyyy-MM-dd`, en-CA). */
const localDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

interface ViewItem {
  productId: string;
  count: number;
  day: string;
  source?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  country?: string;
}

/** The fewest seeded sales a seller has: every seller has sales 1 to this. */
export const smallestSeller = (size: ShopSize) => Math.min(...salesPerSeller(size));

/**
 * The member site: purchases of Zipf-chosen products (one in 50 sent twice, as a retry would),
 * and views. Every body is signed as sent.
 */
export function memberSite(secret: string, size: ShopSize): MemberSite {
  const zipf = new Zipf(size.sellers);
  const prefix = `load-${randomBytes(3).toString('hex')}`;
  const created = new Set<string>();
  const counts = salesPerSeller(size);
  const smallest = smallestSeller(size);
  /** Seeded sales refunded by `refunds`, by `rank:g`. */
  const refunded = new Set<string>();
  /** Numbers every call of the run: ids never repeat across streams. */
  let n = 0;
  const signed = (
    label: string,
    path: string,
    body: string,
    onAnswer: (() => void) | { check: NonNullable<LoadRequest['check']> },
  ): LoadRequest => ({
    label,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'x-signature': signature(secret, body) },
    body,
    check:
      typeof onAnswer === 'function'
        ? (status) => {
            if (status === 201) onAnswer();
          }
        : onAnswer.check,
  });
  const site: MemberSite = {
    created,
    refundsCreated: new Set<string>(),
    payoutsCreated: new Set<string>(),
    replays: 0,
    discounted: new Set<string>(),
    redeemed: 0,
    prefix,
    purchases(label = 'purchase', choose) {
      let previous: string | undefined;
      /** Purchases whose code was redeemed (or refused): sent next, after the redeem's answer. */
      const ready: LoadRequest[] = [];
      const pick =
        choose ?? (() => [zipf.next(), Math.floor(Math.random() * size.productsPerSeller)]);
      const purchase = (body: string, replay: boolean, discounted: boolean): LoadRequest => {
        const orderId = (JSON.parse(body) as { orderId: string }).orderId;
        return {
          label: replay ? `${label} (replay)` : label,
          method: 'POST',
          path: '/api/internal/purchases',
          headers: {
            'content-type': 'application/json',
            'x-signature': signature(secret, body),
          },
          body,
          check: (status) => {
            if (status === 201) {
              created.add(orderId);
              if (discounted) site.discounted.add(orderId);
            }
            if (status === 200 && replay) site.replays++;
          },
        };
      };
      return () => {
        const waiting = ready.shift();
        if (waiting) return waiting;
        n++;
        if (n % 50 === 0 && previous) return purchase(previous, true, false);
        const [rank, index] = pick();
        const order = {
          orderId: `${prefix}-${n}`,
          productId: productId(rank, index),
          customerEmail: `buyer${n % buyers}@example.com`,
          paymentMethod: 'card',
          amount: 1000 + ((n * 7919) % 99001),
          ...buyerFields(n),
        };
        if (n % 5 !== 1) {
          previous = JSON.stringify(order);
          return purchase(previous, false, false);
        }
        // One in five: the buyer's code is redeemed first, and the purchase goes once the hold
        // is answered, for the price it gave (as a member site's checkout does); without a hold
        // the buyer pays the full price.
        const body = JSON.stringify({
          orderId: order.orderId,
          productId: order.productId,
          code: discountCode,
          amount: order.amount,
        });
        return signed(`${label}: code redeem`, '/api/internal/discounts/redeem', body, {
          check: (status, answer) => {
            if (status === 201) {
              site.redeemed++;
              const { redemption } = JSON.parse(answer) as { redemption: { finalAmount: number } };
              previous = JSON.stringify({
                ...order,
                amount: redemption.finalAmount,
                listAmount: order.amount,
                discountCode,
              });
              ready.push(purchase(previous, false, true));
            } else {
              previous = JSON.stringify(order);
              ready.push(purchase(previous, false, false));
            }
          },
        });
      };
    },
    refunds(label = 'refund') {
      return () => {
        n++;
        let rank = zipf.next();
        let g = 0;
        for (let attempt = 0; attempt < 100 && g === 0; attempt++) {
          const count = counts[rank - 1] ?? 0;
          const candidate = smallest + 1 + Math.floor(Math.random() * (count - smallest));
          if (count > smallest && !refunded.has(`${rank}:${candidate}`)) g = candidate;
          else rank = zipf.next();
        }
        if (g === 0) throw new Error('no seeded sale left to refund');
        refunded.add(`${rank}:${g}`);
        const amount = seededAmount(g);
        const refundId = `${prefix}-refund-${n}`;
        const body = JSON.stringify({
          refundId,
          orderId: seededOrderId(rank, g),
          amount: n % 4 === 0 ? amount : 1 + ((n * 7919) % Math.floor(amount / 2)),
          kind: n % 10 === 0 ? 'chargeback' : 'refund',
          reason: 'bench',
        });
        return signed(label, '/api/internal/refunds', body, () =>
          site.refundsCreated.add(refundId),
        );
      };
    },
    smallRefunds(label = 'refund') {
      return () => {
        n++;
        const refundId = `${prefix}-refund-${n}`;
        const body = JSON.stringify({
          refundId,
          orderId: seededOrderId(zipf.next(), 1 + Math.floor(Math.random() * smallest)),
          amount: 1 + (n % 9),
          kind: 'refund',
        });
        return signed(label, '/api/internal/refunds', body, () =>
          site.refundsCreated.add(refundId),
        );
      };
    },
    payouts(label = 'payout') {
      return () => {
        n++;
        const payoutId = `${prefix}-payout-${n}`;
        const body = JSON.stringify({
          payoutId,
          sellerId: sellerId(zipf.next()),
          amount: 10_000 + (n % 10) * 1000,
          method: 'bank',
          reference: `bench transfer ${n}`,
        });
        return signed(label, '/api/internal/payouts', body, () =>
          site.payoutsCreated.add(payoutId),
        );
      };
    },
    views() {
      return () => {
        const rank = zipf.next();
        const index = Math.floor(Math.random() * size.productsPerSeller);
        return {
          label: 'view',
          method: 'POST',
          path: `/api/internal/products/${productId(rank, index)}/views`,
          headers: { 'x-signature': signature(secret, '') },
        };
      };
    },
    viewBatches(viewsPerCall) {
      return () => {
        // As the member site's view counter sends them: summed per product, local day,
        // source, campaign and country, one item each.
        const day = localDayFormat.format(new Date());
        const items = new Map<string, ViewItem>();
        for (let view = 0; view < viewsPerCall; view++) {
          const id = productId(zipf.next(), Math.floor(Math.random() * size.productsPerSeller));
          const visit = visitOf(Math.floor(Math.random() * 1_000_000));
          const key = `${id}|${visit.source}|${visit.utmSource}|${visit.utmCampaign}|${visit.country}`;
          const item = items.get(key);
          if (item) item.count++;
          else items.set(key, { productId: id, count: 1, day, ...visit });
        }
        const views = [...items.values()];
        const body = JSON.stringify({ views });
        site.batchedViews.sent += viewsPerCall;
        return {
          label: 'view batch',
          method: 'POST',
          path: '/api/internal/views',
          headers: { 'content-type': 'application/json', 'x-signature': signature(secret, body) },
          body,
          check: (status, answer) => {
            if (status !== 202) return;
            const { accepted, unknown } = JSON.parse(answer) as {
              accepted: number;
              unknown: number;
            };
            site.batchedViews.acknowledged += viewsPerCall;
            site.batchedViews.items += views.length;
            site.batchedViews.accepted += accepted;
            site.batchedViews.unknown += unknown;
          },
        };
      };
    },
    batchedViews: { sent: 0, acknowledged: 0, items: 0, accepted: 0, unknown: 0 },
  };
  return site;
}
