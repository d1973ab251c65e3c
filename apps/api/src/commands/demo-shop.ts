import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import type { DiscountInput, DiscountResponse } from '@seller/contract/discounts/discount';
import type { CreateDeliveryBody } from '@seller/contract/internal/create-delivery';
import type { RecordConsentBody } from '@seller/contract/internal/record-consent';
import type { RecordPayoutBody } from '@seller/contract/internal/record-payout';
import type { RecordRefundBody } from '@seller/contract/internal/record-refund';
import { paymentMethodCodes } from '@seller/contract/payment-methods';
import type { PayoutBalance } from '@seller/contract/payouts/get-payout-balance';
import type { ProductDetail } from '@seller/contract/products/product';
import {
  type RecordPurchaseBody,
  recordPurchaseBodySchema,
} from '@seller/contract/sales/record-purchase';
import type { GetUploadUrlResponse } from '@seller/contract/uploads/get-upload-url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { signInternalRequest } from '../lib/internal-signature.ts';
import { createSellerRepository } from '../modules/auth/auth.repository.ts';
import { backdateSignup } from '../modules/auth/auth.service.ts';
import { discountAmountOf } from '../modules/discounts/discounts.service.ts';
import { createPurchaseRepository } from '../modules/purchases/purchases.repository.ts';
import { createPurchaseService } from '../modules/purchases/purchases.service.ts';
import { type DemoBuyer, demoBuyers, type TrafficOrigin, trafficOrigins } from './demo-buyers.ts';
import { demoPdf, demoPng, demoZip } from './demo-files.ts';

/*
 * The demo shop of `npm run seed:demo`: a seller with a catalogue and months of a shop in use,
 * made through the application's own code paths, so that every row means what it means in
 * production. Sign-up, uploads, products, file versions, samples, discount codes and payout
 * details go through the seller's HTTP routes (in process); refunds, chargebacks, deliveries,
 * consents and payouts through the member site's and the operator's signed routes; the sales
 * through the purchase service those routes call, in batches. The shop's history is replayed
 * day by day on a clock the app is given (as the tests move it), so that deliveries, a code's
 * dates and limits and the ledger's order are those of the day each thing happened.
 */

const day = 86_400_000;
const krwPerUsd = 1380;
/** Every known method, cards three times as often as each of the others. */
const paymentMethods = ['card', 'card', ...paymentMethodCodes];
const userAgents = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];
/** A network of each country, for the buyers' addresses the member site reports. */
const networks: Record<string, string> = {
  KR: '211.234',
  CN: '116.228',
  JP: '126.0',
  US: '73.162',
  TW: '1.160',
  FR: '90.12',
  TR: '88.230',
};

/** A small seeded generator, so that every run builds the same shop. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface DemoFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A file of a catalogue entry, made from the entry's title. */
type DemoFileOf = (title: string) => DemoFile;

const pdf =
  (name: string, options: { heading?: string; pages?: number } = {}): DemoFileOf =>
  (title) => ({
    name,
    type: 'application/pdf',
    bytes: demoPdf(options.heading ?? title, options.pages),
  });

const zip =
  (name: string, inside: string): DemoFileOf =>
  (title) => ({ name, type: 'application/zip', bytes: demoZip(inside, `${title}\n`) });

/** What the demo seller does with a product beyond selling it. */
type Feature = 'versions' | 'stamped' | 'samplePages' | 'freeSample';

const catalogue: {
  title: string;
  description: string;
  price: number;
  /** How often it sells, against the others. */
  weight: number;
  /** The two ends of its thumbnails' gradient (`#rrggbb`). */
  colours: [string, string];
  files: DemoFileOf[];
  feature?: Feature;
}[] = [
  {
    title: 'Notion Life Planner 2026',
    description: 'A complete planner template: goals, habits, budget and journal pages.',
    price: 12,
    weight: 30,
    colours: ['#6366f1', '#ec4899'],
    files: [pdf('life-planner-guide.pdf', { pages: 4 })],
    feature: 'versions',
  },
  {
    title: '한국어 필기 폰트 패키지',
    description: '손글씨 느낌의 한글 폰트 3종과 사용 가이드 (PDF).',
    price: 25,
    weight: 18,
    colours: ['#10b981', '#3b82f6'],
    files: [zip('fonts.zip', 'README.txt'), pdf('guide.pdf', { heading: 'Font guide' })],
  },
  {
    title: 'Lightroom Presets: Seoul Nights',
    description: '20 presets for city photography at night, with before/after samples.',
    price: 18,
    weight: 22,
    colours: ['#1e293b', '#eab308'],
    files: [zip('seoul-nights-presets.zip', 'presets.txt')],
  },
  {
    title: '中文商务邮件模板 (Business Email Templates)',
    description: '50 business email templates in Chinese and English.',
    price: 9,
    weight: 15,
    colours: ['#dc2626', '#facc15'],
    files: [pdf('templates.pdf', { heading: 'Business Email Templates', pages: 6 })],
    feature: 'stamped',
  },
  {
    title: 'Watercolor Brush Pack, "Soft & Wet"',
    description: 'Procreate brushes for watercolor illustration.',
    price: 15,
    weight: 10,
    colours: ['#0ea5e9', '#f472b6'],
    files: [
      zip('brushes.zip', 'brushes.txt'),
      pdf('brush-preview.pdf', { heading: 'Soft & Wet: preview', pages: 2 }),
    ],
    feature: 'freeSample',
  },
  {
    title: 'Startup Pitch Deck Kit',
    description: 'A 30-slide pitch deck with financial model notes.',
    price: 39,
    weight: 5,
    colours: ['#111827', '#a855f7'],
    files: [pdf('pitch-deck.pdf', { pages: 5 })],
    feature: 'samplePages',
  },
];

/** When (in days before now, as a share of the days seeded) the seller shipped each update. */
const versionUpdates = [
  {
    share: 0.55,
    label: '2026 edition',
    changelog: 'Adds the second half of the year and a habit tracker.',
    pages: 6,
  },
  {
    share: 0.2,
    label: '2026.2',
    changelog: 'Budget pages in KRW and CNY; typos fixed.',
    pages: 7,
  },
];
/** The share of the days seeded after which the seller turned on PDF stamping. */
const stampingShare = 0.12;

/**
 * The demo seller's discount codes, their dates as shares of the days seeded (before now; a
 * negative one is after now): one of each status (active, scheduled, expired, used up, archived),
 * percent and fixed, and one given out as single-use codes in bulk (to a campaign's influencers).
 */
interface DemoDiscount {
  input: Omit<DiscountInput, 'startsAt' | 'endsAt'>;
  starts?: number;
  ends?: number;
  /** How likely a sale of its time (from `origin`'s campaign when named) is to use it. */
  chance: number;
  campaign?: string;
  /** Archived this share of the days seeded before now. */
  archived?: number;
  /** Single-use codes made in bulk, with this prefix: a sale uses one of them, never it. */
  bulk?: { count: number; prefix: string };
}

const demoDiscounts: DemoDiscount[] = [
  {
    input: { code: 'KOL15', kind: 'percent', percent: 15 },
    chance: 0.9,
    campaign: 'kol-autumn',
    bulk: { count: 60, prefix: 'XHS' },
  },
  {
    input: { code: 'SPRING3000', kind: 'fixed', amount: 3000, minAmount: 10_000 },
    starts: 0.85,
    ends: 0.55,
    chance: 0.7,
    campaign: 'spring-sale',
  },
  {
    input: { code: 'LAUNCH30', kind: 'percent', percent: 30, maxUses: 30 },
    starts: 0.45,
    chance: 0.3,
  },
  { input: { code: 'PRESS100', kind: 'percent', percent: 100, maxUses: 5 }, chance: 0.01 },
  {
    input: { code: 'SUMMER2000', kind: 'fixed', amount: 2000 },
    ends: 0.78,
    chance: 0.1,
    archived: 0.7,
  },
  { input: { code: 'WELCOME10', kind: 'percent', percent: 10 }, chance: 0.05 },
  {
    input: { code: 'BLACKFRIDAY25', kind: 'percent', percent: 25 },
    starts: -5 / 90,
    ends: -9 / 90,
    chance: 0,
  },
];

const refundReasons = ['Bought by mistake', 'Duplicate order', '파일이 열리지 않아요', '不需要了'];

export interface DemoShopOptions {
  /** Purchases over the period (5,000 by default). */
  purchases: number;
  /** Days of history, up to today. */
  days: number;
}

export interface DemoShop {
  sellerId: string;
  email: string;
  nickname: string;
  password: string;
  products: number;
  purchases: number;
  refunds: number;
  chargebacks: number;
  deliveries: number;
  payouts: number;
  consentsWithdrawn: number;
}

/** A sale of the demo history, its buyer and what followed it. */
interface DemoSale {
  at: number;
  body: RecordPurchaseBody;
  buyer: DemoBuyer;
  /** When it was refunded in full (no delivery after that), if it was. */
  refundedAt?: number;
}

/** A step of the demo history other than a sale, at its time. */
type DemoEvent =
  | { kind: 'version'; at: number; update: (typeof versionUpdates)[number] }
  | { kind: 'stamping'; at: number }
  | { kind: 'archive'; at: number; code: string }
  | { kind: 'payout'; at: number }
  | { kind: 'delivery'; at: number; body: CreateDeliveryBody }
  | { kind: 'refund'; at: number; body: RecordRefundBody }
  | { kind: 'withdrawal'; at: number; email: string };

/** Steps that change the shop rather than follow a sale: taken at the start of their day. */
const shopSteps = new Set<DemoEvent['kind']>(['version', 'stamping', 'archive', 'payout']);

/**
 * Makes a demo seller and replays their shop's history on the database: `purchases` sales over
 * the last `days` days and what followed them. What was made, and how to sign in.
 */
export async function seedDemoShop(
  { config, database }: { config: Config; database: DatabaseHandle },
  options: DemoShopOptions,
): Promise<DemoShop> {
  const started = Date.now();
  const days = Math.max(1, options.days);
  const random = generator(20_260_501);
  const pickBy = <T>(items: readonly T[], weight: (item: T) => number): T => {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let roll = random() * total;
    for (const item of items) {
      roll -= weight(item);
      if (roll < 0) return item;
    }
    const last = items[items.length - 1];
    if (last === undefined) throw new Error('nothing to pick from');
    return last;
  };
  const between = (from: number, to: number) => from + Math.floor(random() * (to - from));
  const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone: config.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const localDay = (at: number) => dayFormat.format(new Date(at));

  // The app the history goes through: the clock it is given is the history's, its signed routes
  // take a key of this run's own, and it runs no jobs (the server sends what they queue).
  let clock = new Date(started);
  const internalSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    config: { ...config, logLevel: 'silent', internalApiSecret: internalSecret, jobWorker: false },
    database,
    clock: () => clock,
  });
  await app.ready();
  try {
    const { email, nickname, token } = await signUp(app);
    const seller = sellerCalls(app, config.publicUrl, token);
    const signed = memberSiteCalls(app, internalSecret);
    // Signed up seven months ago: the 0 % introductory commission ended about a month ago,
    // so the last weeks of sales show net beside gross.
    const signedUpAt = new Date(started);
    signedUpAt.setUTCMonth(signedUpAt.getUTCMonth() - 7);
    const backdated = await backdateSignup(createSellerRepository(database), email, signedUpAt);
    if (!backdated) throw new Error('the demo seller vanished');
    const sellerId: string = backdated;
    const ids = (kind: string) => {
      let count = 0;
      return () => `DEMO-${sellerId.slice(0, 8)}-${kind}${String(++count).padStart(6, '0')}`;
    };
    await seller.call('PUT', '/api/auth/settlement-info', 200, {
      bank: {
        name: 'KB국민은행',
        account: '123-456-789012',
        accountHolder: '김데모',
        branch: '강남',
      },
    });

    const products = await createCatalogue(seller);
    const { discountIds, bulkCodes } = await createDiscounts(seller, (share) =>
      new Date(started - share * days * day).toISOString(),
    );
    // The sales: more lately (a growing shop), from the sites and countries the views come
    // from, a buyer of that country (returning buyers among them), some with a code.
    const buyers = demoBuyers(Math.max(20, Math.round(options.purchases * 0.3)), random);
    const times = Array.from({ length: options.purchases }, () => {
      const back = (1 - Math.sqrt(random())) * days * day;
      return Math.min(started - 60_000, started - Math.floor(back));
    }).sort((a, b) => a - b);
    /** The code a sale of this time and origin uses, if any, within the code's dates and uses. */
    function discountFor(time: number, origin: TrafficOrigin, used: Map<string, number>) {
      for (const discount of demoDiscounts) {
        const code = String(discount.input.code);
        const from =
          discount.starts === undefined ? -Infinity : started - discount.starts * days * day;
        const to = discount.ends === undefined ? Infinity : started - discount.ends * days * day;
        const archivedAt =
          discount.archived === undefined ? Infinity : started - discount.archived * days * day;
        if (time < from || time >= Math.min(to, archivedAt)) continue;
        if (discount.campaign !== undefined && discount.campaign !== origin.utmCampaign) continue;
        const count = used.get(code) ?? 0;
        // Some of the single-use codes are given out and not (yet) used.
        const limit = discount.bulk
          ? Math.floor(discount.bulk.count * 0.4)
          : (discount.input.maxUses ?? Infinity);
        if (count >= limit || random() >= discount.chance) continue;
        used.set(code, count + 1);
        return discount;
      }
      return undefined;
    }

    const nextOrderId = ids('');
    const uses = new Map<string, number>();
    const sales: DemoSale[] = times.map((time) => {
      const origin = pickBy(trafficOrigins, (found) => found.sales);
      const pool = buyers.get(origin.country) ?? [];
      const buyer = pool[Math.floor(pool.length * random() ** 1.6)];
      if (!buyer) throw new Error(`no demo buyer in ${origin.country}`);
      const product = pickBy(products, (found) => found.weight);
      const body: RecordPurchaseBody = {
        orderId: nextOrderId(),
        productId: product.id,
        customerEmail: buyer.email,
        paymentMethod: paymentMethods[Math.floor(random() * paymentMethods.length)] ?? 'card',
        amount: product.price,
        purchasedAt: new Date(time).toISOString(),
        ...(buyer.name ? { buyerName: buyer.name } : {}),
        buyerCountry: buyer.country,
        buyerLocale: buyer.locale,
        ...originFields(origin),
      };
      const code = discountFor(time, origin, uses);
      if (code) {
        const { input } = code;
        const off = discountAmountOf(
          { kind: input.kind, percent: input.percent ?? null, amount: input.amount ?? null },
          product.price,
        );
        const single = bulkCodes.get(String(input.code))?.shift();
        body.discountCode = single ?? String(input.code);
        body.listAmount = product.price;
        body.amount = product.price - off;
      }
      return { at: time, body, buyer };
    });

    // What followed the sales: consents withdrawn, refunds and chargebacks, downloads.
    const events: DemoEvent[] = [];
    const firstSale = new Map<string, DemoSale>();
    for (const sale of sales) {
      if (!firstSale.has(sale.buyer.email)) firstSale.set(sale.buyer.email, sale);
    }
    const withdrawnAt = new Map<string, number>();
    for (const [email, first] of firstSale) {
      if (first.buyer.consent !== 'withdrawn') continue;
      const when = Math.min(started - 60_000, first.at + between(3_600_000, 20 * day));
      withdrawnAt.set(email, when);
      events.push({ kind: 'withdrawal', at: when, email });
    }
    const nextRefundId = ids('R');
    const recentFrom = sales[Math.max(0, sales.length - 250)]?.at ?? started;
    for (const sale of sales) {
      // A buyer who agreed to news ticks the box at each checkout, until they withdraw.
      const consent = sale.buyer.consent;
      if (consent === 'granted') sale.body.marketingConsent = true;
      if (consent === 'withdrawn') {
        sale.body.marketingConsent = sale.at < (withdrawnAt.get(sale.buyer.email) ?? 0);
      }
      const roll = random();
      const refundAt = Math.min(started - 30_000, sale.at + between(3_600_000, 4 * day));
      if (sale.body.amount > 0 && roll < 0.045 && refundAt > sale.at) {
        const chargeback = roll < 0.006;
        const partial = !chargeback && roll > 0.04;
        const amount = partial ? Math.floor(sale.body.amount / 2) : sale.body.amount;
        events.push({
          kind: 'refund',
          at: refundAt,
          body: {
            refundId: nextRefundId(),
            orderId: sale.body.orderId,
            amount,
            kind: chargeback ? 'chargeback' : 'refund',
            ...(chargeback
              ? {}
              : { reason: refundReasons[Math.floor(random() * refundReasons.length)] }),
            refundedAt: new Date(refundAt).toISOString(),
          },
        });
        if (!partial) sale.refundedAt = refundAt;
      }
      // Most buyers download what they bought within the hour, some again weeks later: the
      // last few hundred sales' downloads, and a few of the older ones' (enough for each
      // version to have been given), so that the seeding stays quick.
      if (random() < (sale.at >= recentFrom ? 0.55 : 0.04)) {
        const product = products.find((found) => found.id === sale.body.productId);
        const buyer = {
          ip: `${networks[sale.buyer.country] ?? '203.0'}.${between(0, 256)}.${between(1, 255)}`,
          userAgent: userAgents[Math.floor(random() * userAgents.length)] ?? '',
        };
        const downloads = [sale.at + between(60_000, 3_600_000)];
        if (random() < 0.2) downloads.push(sale.at + between(3 * day, 30 * day));
        for (const when of downloads) {
          if (when >= Math.min(started, sale.refundedAt ?? Infinity)) continue;
          for (const fileId of product?.fileIds ?? []) {
            events.push({
              kind: 'delivery',
              at: when,
              body: { orderId: sale.body.orderId, fileId, buyer },
            });
          }
        }
      }
    }
    // What the seller did meanwhile: updates, stamping, a code archived, monthly payouts.
    for (const update of versionUpdates) {
      events.push({ kind: 'version', at: started - update.share * days * day, update });
    }
    events.push({ kind: 'stamping', at: started - stampingShare * days * day });
    for (const discount of demoDiscounts) {
      if (discount.archived !== undefined) {
        const code = String(discount.input.code);
        events.push({ kind: 'archive', at: started - discount.archived * days * day, code });
      }
    }
    for (let back = 30; back < days; back += 30) {
      events.push({ kind: 'payout', at: started - (back - 10) * day });
    }

    // The history, day by day: the seller's own steps first, then the day's sales, then what
    // followed sales that day, in order of time.
    const salesOf = byDay(sales, localDay);
    const eventsOf = byDay(events, localDay);
    const purchases = createPurchaseService({
      purchases: createPurchaseRepository(database, config.timeZone),
      timeZone: config.timeZone,
      // A code's dates and uses are judged at the history's time, as the member site's purchase
      // was at the time it was made.
      discountClock: () => clock,
    });
    const nextPayoutId = ids('P');
    const counts = { refunds: 0, chargebacks: 0, deliveries: 0, payouts: 0, withdrawn: 0 };
    let version = 1;

    async function take(event: DemoEvent) {
      clock = new Date(event.at);
      switch (event.kind) {
        case 'version': {
          const product = products.find((found) => found.feature === 'versions');
          const fileId = product?.fileIds[0];
          if (!product || !fileId) return;
          version += 1;
          const { update } = event;
          const s3Key = await seller.upload(
            {
              name: `life-planner-guide-v${version}.pdf`,
              type: 'application/pdf',
              bytes: demoPdf(`${product.title}, ${update.label}`, update.pages),
            },
            false,
          );
          await seller.call('POST', `/api/products/${product.id}/files/${fileId}/versions`, 201, {
            s3Key,
            label: update.label,
            changelog: update.changelog,
          });
          return;
        }
        case 'stamping': {
          const product = products.find((found) => found.feature === 'stamped');
          if (!product) return;
          await seller.call('PUT', `/api/products/${product.id}`, 200, {
            title: product.title,
            pdf_stamp: true,
          });
          return;
        }
        case 'archive': {
          const id = discountIds.get(event.code);
          if (id) await seller.call('DELETE', `/api/discounts/${id}`, 204);
          return;
        }
        case 'payout': {
          // The operator pays out what the seller has earned, by bank transfer.
          const { balance } = await seller.call<PayoutBalance>('GET', '/api/payouts/balance', 200);
          if (balance < 10_000) return;
          const body: RecordPayoutBody = {
            payoutId: nextPayoutId(),
            sellerId: sellerId,
            amount: balance,
            method: 'bank',
            reference: `KB-${localDay(event.at).replaceAll('-', '')}`,
            paidAt: new Date(event.at).toISOString(),
          };
          await signed('/api/internal/payouts', body, 201);
          counts.payouts += 1;
          return;
        }
        case 'delivery':
          await signed('/api/internal/deliveries', event.body, 201);
          counts.deliveries += 1;
          return;
        case 'refund':
          await signed('/api/internal/refunds', event.body, 201);
          if (event.body.kind === 'chargeback') counts.chargebacks += 1;
          else counts.refunds += 1;
          return;
        case 'withdrawal': {
          const body: RecordConsentBody = {
            sellerId: sellerId,
            email: event.email,
            granted: false,
            at: new Date(event.at).toISOString(),
          };
          await signed('/api/internal/consents', body, 200);
          counts.withdrawn += 1;
          return;
        }
      }
    }

    const allDays = [...new Set([...salesOf.keys(), ...eventsOf.keys()])].sort();
    for (const today of allDays) {
      const todays = (eventsOf.get(today) ?? []).sort((a, b) => a.at - b.at);
      for (const event of todays.filter((found) => shopSteps.has(found.kind))) await take(event);
      // Sales without a code in batches of one transaction; one with a code by itself, at its
      // own time, so that the code's dates and limit are those of that moment.
      const plain: RecordPurchaseBody[] = [];
      for (const sale of salesOf.get(today) ?? []) {
        if (sale.body.discountCode === undefined) {
          plain.push(sale.body);
          continue;
        }
        clock = new Date(sale.at);
        await purchases.recordMany([recordPurchaseBodySchema.parse(sale.body)]);
      }
      for (let offset = 0; offset < plain.length; offset += 250) {
        await purchases.recordMany(
          plain.slice(offset, offset + 250).map((body) => recordPurchaseBodySchema.parse(body)),
        );
      }
      for (const event of todays.filter((found) => !shopSteps.has(found.kind))) await take(event);
    }
    clock = new Date();

    // Views of the last 90 days by where they came from, as the member site reports them;
    // today's only in the share of the day gone by.
    const items = [];
    for (let back = 0; back < Math.min(days, 90); back++) {
      const viewDay = localDay(started - back * day);
      const share = back === 0 ? shareOfLocalDay(new Date(started), config.timeZone) : 1;
      for (const product of products) {
        for (const origin of trafficOrigins) {
          const count = Math.floor(product.weight * origin.views * (1 + random() * 4) * share);
          if (count > 0) {
            items.push({
              productId: product.id,
              count,
              day: viewDay,
              source: origin.source,
              utmSource: origin.utmSource,
              utmMedium: origin.utmMedium,
              utmCampaign: origin.utmCampaign,
              country: origin.country,
            });
          }
        }
      }
    }
    for (let offset = 0; offset < items.length; offset += 1000) {
      await purchases.addViewBatch(items.slice(offset, offset + 1000));
    }
    return {
      sellerId,
      email,
      nickname,
      password: demoPassword,
      products: products.length,
      purchases: sales.length,
      refunds: counts.refunds,
      chargebacks: counts.chargebacks,
      deliveries: counts.deliveries,
      payouts: counts.payouts,
      consentsWithdrawn: counts.withdrawn,
    };
  } finally {
    await app.close();
  }
}

const demoPassword = 'Demo-seller-2026';

/** Signs the demo seller up: `demo@example.com`, or a fresh address once that one is taken. */
async function signUp(app: FastifyInstance) {
  let email = 'demo@example.com';
  let nickname = 'demoseller';
  for (let attempt = 0; ; attempt += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, nickname, password: demoPassword },
    });
    if (response.statusCode === 201) {
      return { email, nickname, token: response.json<TokenResponse>().token };
    }
    if (response.statusCode !== 409 || attempt >= 5) {
      throw new Error(`signup: ${response.statusCode} ${response.body}`);
    }
    const suffix = randomBytes(3).toString('hex');
    email = `demo-${suffix}@example.com`;
    nickname = `demo${suffix}`;
  }
}

/** A product of the demo catalogue as the history sells it. */
interface DemoProduct {
  id: string;
  title: string;
  /** KRW. */
  price: number;
  weight: number;
  fileIds: string[];
  feature?: Feature;
}

/** The catalogue, each product with its files, thumbnails and samples. */
async function createCatalogue(seller: SellerCalls): Promise<DemoProduct[]> {
  const products: DemoProduct[] = [];
  for (const item of catalogue) {
    const files = [];
    for (const file of item.files.map((make) => make(item.title))) {
      files.push({ s3Key: await seller.upload(file, false) });
    }
    const thumbnails = [];
    const [from, to] = item.colours;
    for (let index = 0; index < 2; index += 1) {
      const image: DemoFile = {
        name: `cover-${index + 1}.png`,
        type: 'image/png',
        bytes: index === 0 ? demoPng(from, to) : demoPng(to, from),
      };
      thumbnails.push({ s3Key: await seller.upload(image, true), is_main: index === 0 });
    }
    const created = await seller.call<ProductDetail>('POST', '/api/products/create', 201, {
      title: item.title,
      description: item.description,
      price: item.price,
      files,
      thumbnails,
    });
    const product = {
      id: created.product.id,
      price: Math.round((item.price * krwPerUsd) / 100) * 100,
      weight: item.weight,
      fileIds: created.files.map((file) => file.id),
      title: item.title,
      ...(item.feature ? { feature: item.feature } : {}),
    };
    products.push(product);
    // Samples for the catalogue page: a PDF's first pages, or a whole file given away.
    const [first, last] = [product.fileIds[0], product.fileIds[product.fileIds.length - 1]];
    if (item.feature === 'samplePages' && first) {
      await seller.call('PUT', `/api/products/${product.id}/files/${first}`, 200, {
        sample_pages: 2,
      });
    }
    if (item.feature === 'freeSample' && last) {
      await seller.call('PUT', `/api/products/${product.id}/files/${last}`, 200, {
        is_sample: true,
      });
    }
  }
  return products;
}

/**
 * The discount codes, their dates from `at` (a share of the days seeded before now); the
 * single-use ones read back from their export, as a seller would.
 */
async function createDiscounts(seller: SellerCalls, at: (share: number) => string) {
  const discountIds = new Map<string, string>();
  const bulkCodes = new Map<string, string[]>();
  for (const discount of demoDiscounts) {
    const { discount: created } = await seller.call<DiscountResponse>(
      'POST',
      '/api/discounts',
      201,
      {
        ...discount.input,
        startsAt: discount.starts === undefined ? null : at(discount.starts),
        endsAt: discount.ends === undefined ? null : at(discount.ends),
      },
    );
    discountIds.set(created.code, created.id);
    if (discount.bulk) {
      await seller.call('POST', `/api/discounts/${created.id}/codes`, 201, discount.bulk);
      const csv = await seller.text(`/api/discounts/${created.id}/codes/export`);
      const codes = csv
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')[0] ?? '')
        .filter((code) => code !== '');
      bulkCodes.set(created.code, codes);
    }
  }
  return { discountIds, bulkCodes };
}

/**
 * How much of its local day (in `timeZone`) had gone by at `at`: 0 at midnight, 0.5 at noon.
 * Today's views are seeded in that share, like its sales, which stop at the moment of seeding.
 */
export function shareOfLocalDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((found) => found.type === type)?.value ?? 0);
  return (part('hour') * 3600 + part('minute') * 60 + part('second')) / 86_400;
}

/** Things in groups by the local day of their time, each group in the order given. */
function byDay<T extends { at: number }>(
  things: readonly T[],
  localDay: (at: number) => string,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const thing of things) {
    const key = localDay(thing.at);
    const group = groups.get(key);
    if (group) group.push(thing);
    else groups.set(key, [thing]);
  }
  return groups;
}

/** The origin's fields of a sale, as the member site sends them. */
function originFields(origin: TrafficOrigin) {
  return {
    ...(origin.source ? { source: origin.source } : {}),
    ...(origin.utmSource ? { utmSource: origin.utmSource } : {}),
    ...(origin.utmMedium ? { utmMedium: origin.utmMedium } : {}),
    ...(origin.utmCampaign ? { utmCampaign: origin.utmCampaign } : {}),
  };
}

/** The seller's calls, in process: JSON routes, a CSV, and the upload of a file. */
type SellerCalls = ReturnType<typeof sellerCalls>;

function sellerCalls(app: FastifyInstance, publicUrl: string | undefined, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    expected: number,
    payload?: object,
  ): Promise<T> {
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode !== expected) {
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    }
    return (response.body === '' ? undefined : response.json()) as T;
  }

  return {
    call,

    async text(url: string): Promise<string> {
      const response = await app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode}`);
      return response.body;
    },

    /** The usual three upload calls; the upload's key. */
    async upload(file: DemoFile, isImage: boolean): Promise<string> {
      const ticket = await call<GetUploadUrlResponse>('POST', '/api/products/get-upload-url', 200, {
        fileName: file.name,
        fileType: file.type,
        fileSize: file.bytes.length,
        isImage,
      });
      await putBytes(app, publicUrl, ticket.uploadUrl, file, ticket.contentType);
      await call('POST', '/api/products/complete-upload', 200, { s3Key: ticket.s3Key });
      return ticket.s3Key;
    },
  };
}

/** The member site's and the operator's signed calls, in process. */
function memberSiteCalls(app: FastifyInstance, secret: string) {
  return async (url: string, body: object, expected: number): Promise<void> => {
    const raw = JSON.stringify(body);
    const response = await app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-signature': signInternalRequest(secret, raw),
      },
      payload: raw,
    });
    if (response.statusCode !== expected) {
      throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    }
  };
}

/** Sends bytes to a signed upload URL: through the app for its own URLs, over HTTP otherwise. */
async function putBytes(
  app: FastifyInstance,
  publicUrl: string | undefined,
  uploadUrl: string,
  file: DemoFile,
  contentType: string,
): Promise<void> {
  const own = uploadUrl.startsWith('/') || (publicUrl && uploadUrl.startsWith(publicUrl));
  if (own) {
    const url = new URL(uploadUrl, 'http://localhost');
    const response = await app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      headers: { 'content-type': contentType },
      payload: file.bytes,
    });
    if (response.statusCode >= 300) throw new Error(`upload ${file.name}: ${response.body}`);
    return;
  }
  const response = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: file.bytes,
  });
  if (!response.ok) throw new Error(`upload ${file.name}: ${response.status}`);
}
