import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { paymentMethodCodes } from '@seller/contract/payment-methods';
import type { ProductDetail } from '@seller/contract/products/product';
import type { GetUploadUrlResponse } from '@seller/contract/uploads/get-upload-url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { localDayOf } from '../lib/local-day.ts';
import { createSellerRepository } from '../modules/auth/auth.repository.ts';
import { backdateSignup } from '../modules/auth/auth.service.ts';
import { createPurchaseRepository } from '../modules/purchases/purchases.repository.ts';
import { createPurchaseService } from '../modules/purchases/purchases.service.ts';
import { runCommand } from './command-context.ts';
import { demoPdf, demoPng, demoZip } from './demo-files.ts';

/** Where the demo shop's visitors and buyers come from, and how often (views and sales alike). */
const trafficOrigins: {
  weight: number;
  source?: string;
  utmCampaign?: string;
  country?: string;
}[] = [
  { weight: 6, source: 'search.naver.com', country: 'KR' },
  { weight: 3, source: 'blog.naver.com', utmCampaign: 'spring-sale', country: 'KR' },
  { weight: 2, source: 'www.xiaohongshu.com', country: 'CN' },
  { weight: 2, source: 'weibo.com', utmCampaign: 'launch', country: 'CN' },
  { weight: 1, source: 'b23.tv', country: 'CN' },
  { weight: 1, source: 't.co', utmCampaign: 'launch', country: 'JP' },
  { weight: 2 },
];

// npm run seed:demo [-- --purchases 5000 --days 90]
//
// A demo seller with a catalogue and three months of sales, made through the application's own
// code paths: sign-up, uploads and product creation through the HTTP routes (in process), and
// every purchase through the purchase service that the signed member-site route calls.

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number`);
  return value;
}

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
  (name: string, heading?: string): DemoFileOf =>
  (title) => ({ name, type: 'application/pdf', bytes: demoPdf(heading ?? title) });

const zip =
  (name: string, inside: string): DemoFileOf =>
  (title) => ({ name, type: 'application/zip', bytes: demoZip(inside, `${title}\n`) });

const catalogue: {
  title: string;
  description: string;
  price: number;
  /** How often it sells, against the others. */
  weight: number;
  /** The two ends of its thumbnails' gradient (`#rrggbb`). */
  colours: [string, string];
  files: DemoFileOf[];
}[] = [
  {
    title: 'Notion Life Planner 2026',
    description: 'A complete planner template: goals, habits, budget and journal pages.',
    price: 12,
    weight: 30,
    colours: ['#6366f1', '#ec4899'],
    files: [pdf('life-planner-guide.pdf')],
  },
  {
    title: '한국어 필기 폰트 패키지',
    description: '손글씨 느낌의 한글 폰트 3종과 사용 가이드 (PDF).',
    price: 25,
    weight: 18,
    colours: ['#10b981', '#3b82f6'],
    files: [zip('fonts.zip', 'README.txt'), pdf('guide.pdf', 'Font guide')],
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
    files: [pdf('templates.pdf')],
  },
  {
    title: 'Watercolor Brush Pack, "Soft & Wet"',
    description: 'Procreate brushes for watercolor illustration.',
    price: 15,
    weight: 10,
    colours: ['#0ea5e9', '#f472b6'],
    files: [zip('brushes.zip', 'brushes.txt')],
  },
  {
    title: 'Startup Pitch Deck Kit',
    description: 'A 30-slide pitch deck with financial model notes.',
    price: 39,
    weight: 5,
    colours: ['#111827', '#a855f7'],
    files: [pdf('pitch-deck.pdf')],
  },
];

/** Every known method, cards three times as often as each of the others. */
const paymentMethods = ['card', 'card', ...paymentMethodCodes];
const krwPerUsd = 1380;

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  payload: unknown,
  expected: number,
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
  if (response.statusCode !== expected) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response.json<T>();
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

async function upload(
  app: FastifyInstance,
  publicUrl: string | undefined,
  token: string,
  file: DemoFile,
  isImage: boolean,
): Promise<string> {
  const ticket = await call<GetUploadUrlResponse>(
    app,
    'POST',
    '/api/products/get-upload-url',
    token,
    { fileName: file.name, fileType: file.type, fileSize: file.bytes.length, isImage },
    200,
  );
  await putBytes(app, publicUrl, ticket.uploadUrl, file, ticket.contentType);
  await call(app, 'POST', '/api/products/complete-upload', token, { s3Key: ticket.s3Key }, 200);
  return ticket.s3Key;
}

await runCommand(async ({ config, database }) => {
  const started = Date.now();
  const purchaseCount = argument('purchases', 5000);
  const days = Math.max(1, argument('days', 90));
  const random = generator(20_260_501);
  const app = await buildApp({ config: { ...config, logLevel: 'silent' }, database });
  await app.ready();
  try {
    const password = 'Demo-seller-2026';
    let email = 'demo@example.com';
    let nickname = 'demoseller';
    let token: string | undefined;
    for (let attempt = 0; !token; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, nickname, password },
      });
      if (response.statusCode === 201) token = response.json<TokenResponse>().token;
      else if (response.statusCode === 409 && attempt < 5) {
        const suffix = randomBytes(3).toString('hex');
        email = `demo-${suffix}@example.com`;
        nickname = `demo${suffix}`;
      } else throw new Error(`signup: ${response.statusCode} ${response.body}`);
    }
    // Signed up seven months ago: the 0 % introductory commission ended about a month ago,
    // so the last weeks of sales show net beside gross.
    const signedUpAt = new Date(started);
    signedUpAt.setUTCMonth(signedUpAt.getUTCMonth() - 7);
    const sellerId = await backdateSignup(createSellerRepository(database), email, signedUpAt);
    if (!sellerId) throw new Error('the demo seller vanished');

    const products: { id: string; price: number; weight: number }[] = [];
    for (const item of catalogue) {
      const files = [];
      for (const file of item.files.map((make) => make(item.title))) {
        files.push({ s3Key: await upload(app, config.publicUrl, token, file, false) });
      }
      const thumbnails = [];
      const [from, to] = item.colours;
      for (let index = 0; index < 2; index += 1) {
        const image: DemoFile = {
          name: `cover-${index + 1}.png`,
          type: 'image/png',
          bytes: index === 0 ? demoPng(from, to) : demoPng(to, from),
        };
        thumbnails.push({
          s3Key: await upload(app, config.publicUrl, token, image, true),
          is_main: index === 0,
        });
      }
      const created = await call<ProductDetail>(
        app,
        'POST',
        '/api/products/create',
        token,
        { title: item.title, description: item.description, price: item.price, files, thumbnails },
        201,
      );
      products.push({ id: created.product.id, price: item.price, weight: item.weight });
    }

    const purchases = createPurchaseService({
      purchases: createPurchaseRepository(database, config.timeZone),
      timeZone: config.timeZone,
    });
    const totalWeight = products.reduce((sum, product) => sum + product.weight, 0);
    const pick = () => {
      let roll = random() * totalWeight;
      for (const product of products) {
        roll -= product.weight;
        if (roll < 0) return product;
      }
      return products[products.length - 1] ?? products[0];
    };
    const originWeight = trafficOrigins.reduce((sum, origin) => sum + origin.weight, 0);
    const pickOrigin = () => {
      let roll = random() * originWeight;
      for (const origin of trafficOrigins) {
        roll -= origin.weight;
        if (roll < 0) return origin;
      }
      return trafficOrigins[0] ?? { weight: 1 };
    };
    const saleOrigin = (origin: (typeof trafficOrigins)[number]) => ({
      source: origin.source,
      utmCampaign: origin.utmCampaign,
      buyerCountry: origin.country,
    });
    // More sales lately (a growing shop) and at weekends.
    const times = Array.from({ length: purchaseCount }, () => {
      const back = (1 - Math.sqrt(random())) * days * 86_400_000;
      return started - Math.floor(back);
    }).sort((a, b) => a - b);
    // Through the purchase service in batches of 250 sales per transaction: the same rules
    // and statements as the signed route, without a commit per sale.
    let index = 0;
    const batchSize = 250;
    for (let offset = 0; offset < times.length; offset += batchSize) {
      const batch = [];
      for (const at of times.slice(offset, offset + batchSize)) {
        const product = pick();
        if (!product) break;
        index += 1;
        const customer = Math.floor(random() * 1500);
        batch.push({
          orderId: `DEMO-${sellerId.slice(0, 8)}-${String(index).padStart(6, '0')}`,
          productId: product.id,
          customerEmail: `customer${customer}@example.com`,
          paymentMethod: paymentMethods[Math.floor(random() * paymentMethods.length)] ?? 'card',
          amount: Math.round((product.price * krwPerUsd) / 100) * 100,
          purchasedAt: new Date(at).toISOString(),
          ...saleOrigin(pickOrigin()),
        });
      }
      await purchases.recordMany(batch);
    }
    // Views of the last 90 days by where they came from, as the member site reports them.
    const items = [];
    for (let back = 0; back < Math.min(days, 90); back++) {
      const day = localDayOf(new Date(started - back * 86_400_000), config.timeZone);
      for (const product of products) {
        for (const origin of trafficOrigins) {
          const count = Math.floor(product.weight * origin.weight * (1 + random() * 4));
          if (count > 0) {
            items.push({
              productId: product.id,
              count,
              day,
              source: origin.source,
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
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    return [
      `demo seller ready in ${seconds} s: ${products.length} products, ${index} purchases over ${days} days`,
      `  email:    ${email}`,
      `  password: ${password}`,
    ].join('\n');
  } finally {
    await app.close();
  }
});
