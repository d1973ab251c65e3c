/**
 * A seller's account as the web app's screens meet it in use, for Lighthouse: a bio and payout
 * details, `products` products made through the API (each with a PDF and a 400×300 PNG cover,
 * uploaded the way the app uploads), and `sales` sales over the last six months written by SQL,
 * with the rollups rebuilt by the server's own code and a customer for each buyer.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { encodePng } from '../../apps/api/src/commands/demo-files.ts';
import { sellerApi } from '../../e2e/support/products.ts';
import { fillShopDetails } from '../../e2e/support/sellers.ts';
import { rebuildRollupsAndVacuum } from './bulk-sales.ts';
import { root } from './common.ts';
import { withClient } from './seed.ts';

const customersFromSales = `${root}/apps/api/drizzle/0019_customers_from_sales.sql`;

/** A product cover: a colour gradient with a little grain, a few tens of kilobytes like a photo. */
export function coverPng(seed: number, width = 400, height = 300): Buffer {
  const rows: Buffer[] = [];
  let noise = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    const pixels = Buffer.alloc(width * 3);
    for (let x = 0; x < width; x++) {
      noise = (noise * 1103515245 + 12345) >>> 0;
      const grain = (noise >>> 29) - 4;
      pixels[x * 3] = Math.min(
        255,
        Math.max(0, 40 + ((seed * 37) % 120) + (x * 90) / width + grain),
      );
      pixels[x * 3 + 1] = Math.min(
        255,
        Math.max(0, 60 + ((seed * 91) % 100) + (y * 80) / height + grain),
      );
      pixels[x * 3 + 2] = Math.min(255, Math.max(0, 80 + ((seed * 53) % 90) + grain));
    }
    // Filter "Sub" (each byte minus the one three to its left), as PNG encoders pick for photos.
    const row = Buffer.alloc(1 + width * 3);
    row[0] = 1;
    for (let i = 0; i < pixels.length; i++) {
      row[1 + i] = ((pixels[i] as number) - (i >= 3 ? (pixels[i - 3] as number) : 0)) & 0xff;
    }
    rows.push(row);
  }
  return encodePng(width, height, Buffer.concat(rows));
}

async function upload(
  base: string,
  token: string,
  file: { name: string; type: string; bytes: Buffer; isImage: boolean },
): Promise<string> {
  const started = await sellerApi<{ uploadUrl: string; s3Key: string; contentType: string }>(
    base,
    token,
    'POST',
    '/api/products/get-upload-url',
    {
      fileName: file.name,
      fileType: file.type,
      fileSize: file.bytes.length,
      isImage: file.isImage,
    },
  );
  if (started.status !== 200) throw new Error(`upload URL: ${started.status}`);
  const put = await fetch(new URL(started.json.uploadUrl, base), {
    method: 'PUT',
    headers: { 'Content-Type': started.json.contentType },
    body: new Uint8Array(file.bytes),
  });
  if (!put.ok) throw new Error(`upload PUT: ${put.status}`);
  const done = await sellerApi(base, token, 'POST', '/api/products/complete-upload', {
    s3Key: started.json.s3Key,
  });
  if (done.status !== 200) throw new Error(`complete upload: ${done.status}`);
  return started.json.s3Key;
}

const titles = [
  'Procreate Brush Pack',
  '디지털 플래너 2026',
  'Notion Business Templates',
  '中文商务邮件模板',
  'Lightroom Presets: Seoul Nights',
  'Home Cooking Video Course',
  'Watercolor Textures',
  'Budget Spreadsheet Kit',
];

export interface WebShop {
  productIds: string[];
  /** A sale of the shop (its page), and one of its buyers. */
  saleId: string;
  customerId: string;
}

export async function seedWebShop(
  base: string,
  token: string,
  databaseUrl: string,
  { products, sales, timeZone }: { products: number; sales: number; timeZone: string },
): Promise<WebShop> {
  await fillShopDetails(base, token, `shop${randomBytes(3).toString('hex')}`);

  // Four products at a time, as a seller's browser would upload (the list is newest first).
  const productIds: string[] = new Array(products);
  const createOne = async (i: number) => {
    const title = `${titles[i % titles.length]} ${Math.floor(i / titles.length) + 1}`;
    const file = await upload(base, token, {
      name: 'guide.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(`%PDF-1.4\n% ${title}\n${'x'.repeat(20_000)}\n%%EOF\n`),
      isImage: false,
    });
    const cover = await upload(base, token, {
      name: 'cover.png',
      type: 'image/png',
      bytes: coverPng(i + 1),
      isImage: true,
    });
    const created = await sellerApi<{ product: { id: string } }>(
      base,
      token,
      'POST',
      '/api/products/create',
      {
        title,
        description: `${title}: everything you need, with a step-by-step guide and free updates.`,
        price: 5 + (i % 40),
        files: [{ s3Key: file }],
        thumbnails: [{ s3Key: cover }],
      },
    );
    if (created.status !== 201) throw new Error(`create product: ${created.status}`);
    productIds[i] = created.json.product.id;
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < products; i = next++) await createOne(i);
    }),
  );

  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ seller_id: string }>(
      'select seller_id from products where id = $1',
      [productIds[0]],
    );
    await client.query(
      `insert into sales (order_id, seller_id, product_id, customer_email, payment_method, amount,
                          commission_rate_bp, commission_amount, net_amount, purchased_at)
       select 'web-' || g, $1, ($2::uuid[])[1 + (g * 7) % array_length($2::uuid[], 1)],
              'buyer' || (g % 900) || '@example.com',
              (array['card', 'alipay', 'paypal', 'bank'])[1 + g % 4],
              v.amount, 1000, (v.amount * 1000 + 5000) / 10000,
              v.amount - (v.amount * 1000 + 5000) / 10000,
              now() - interval '5 minutes' - ((g - 1)::float8 / $3) * interval '180 days'
       from generate_series(1, $3::int) g
       cross join lateral (select 5000 + (g::bigint * 7919) % 95001 as amount) v`,
      [rows[0]?.seller_id, productIds, sales],
    );
    // The buyers of those sales, as the migration that keeps customers from earlier sales
    // makes them (a sale recorded through the API keeps its customer in the same statement).
    await client.query(readFileSync(customersFromSales, 'utf8'));
  });
  await rebuildRollupsAndVacuum(databaseUrl, timeZone, {});
  const [saleId, customerId] = await withClient(databaseUrl, async (client) => {
    const sale = await client.query<{ id: string; customer_email: string }>(
      `select id, customer_email from sales where order_id = 'web-1'`,
    );
    const customer = await client.query<{ id: string }>(
      'select id from customers where lower(email) = lower($1)',
      [sale.rows[0]?.customer_email],
    );
    return [sale.rows[0]?.id ?? '', customer.rows[0]?.id ?? ''];
  });
  return { productIds, saleId, customerId };
}
