import { createHash } from 'node:crypto';
import type { ProductDetail } from '@seller/contract/products/product';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, sales, stampedCopies } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  addVersion,
  askDelivery,
  delivered,
  downloadBytes,
  productWithFiles,
} from '../../test/file-products.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { lockedPdf, pageTexts, testPdf } from '../../test/pdf-files.ts';
import { bearer, type TestSeller } from '../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { within } from '../../test/time-limits.ts';

/**
 * PDF stamping: with `pdf_stamp` each delivered PDF carries the buyer's email and order id on
 * every page; the copy is made once per order and version and reused; a PDF that needs a
 * password to open is refused when stamping is turned on or a version added; the original is
 * never served instead of a copy that cannot be made.
 */

const publicUrl = 'https://seller.example.com';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl });
});
afterAll(async () => {
  await t.close();
});

const setStamp = (seller: TestSeller, product: ProductDetail, on: boolean, within = t) =>
  within.app.inject({
    method: 'PUT',
    url: `/api/products/${product.product.id}`,
    headers: bearer(seller.token),
    payload: { title: product.product.title, pdf_stamp: on },
  });

/** A product of one PDF with stamping on, in `app`: the product and its file's id. */
async function stampedProduct(app: TestApp, pages: number) {
  const { seller, product } = await productWithFiles(app.app, [
    { name: 'planner.pdf', bytes: await testPdf(pages) },
  ]);
  expect((await setStamp(seller, product, true, app)).statusCode).toBe(200);
  return { product, fileId: product.files[0]?.id ?? '' };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('stamped deliveries', () => {
  it('stamp every page with the buyer’s email and order, once per order and version', async () => {
    const original = await testPdf(3, 'Planner');
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'planner.pdf', bytes: original },
      { name: 'extras.zip', bytes: Buffer.from('zip'), type: 'application/zip' },
    ]);
    const stamp = await setStamp(seller, product, true);
    expect(stamp.statusCode, stamp.body).toBe(200);
    expect(stamp.json<ProductDetail>().product.pdf_stamp).toBe(true);
    const [pdfFile, zipFile] = product.files;
    const order = purchase(product.product.id, { customerEmail: '김하나@example.com' });
    const sale = await recordPurchase(t.app, order);

    const first = await delivered(t.app, order.orderId, pdfFile?.id ?? '');
    expect(first).toMatchObject({ version: 1, stamped: true, fileName: 'planner.pdf' });
    const bytes = await downloadBytes(t.app, first.downloadUrl, publicUrl);
    expect(bytes.equals(original)).toBe(false);
    expect(first.size).toBe(bytes.length);
    const texts = await pageTexts(bytes);
    expect(texts).toHaveLength(3);
    texts.forEach((text, index) => {
      expect(text).toContain(`Planner page ${index + 1}`);
      expect(text).toContain(`김하나@example.com · ${order.orderId}`);
    });

    // The second delivery serves the same copy; only one was made.
    const second = await delivered(t.app, order.orderId, pdfFile?.id ?? '');
    expect((await downloadBytes(t.app, second.downloadUrl, publicUrl)).equals(bytes)).toBe(true);
    const copies = await t.database.db
      .select()
      .from(stampedCopies)
      .where(eq(stampedCopies.saleId, sale.purchaseId));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.sha256).toBe(sha256(bytes));
    const rows = await t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.saleId, sale.purchaseId));
    expect(rows.map((row) => [row.stamped, row.sha256])).toEqual([
      [true, sha256(bytes)],
      [true, sha256(bytes)],
    ]);

    // Files that are not PDFs are served as they are.
    const zip = await delivered(t.app, order.orderId, zipFile?.id ?? '');
    expect(zip.stamped).toBe(false);
    expect((await downloadBytes(t.app, zip.downloadUrl, publicUrl)).toString()).toBe('zip');

    // Another buyer gets a copy of their own.
    const other = purchase(product.product.id, { customerEmail: 'other@example.com' });
    await recordPurchase(t.app, other);
    const theirs = await delivered(t.app, other.orderId, pdfFile?.id ?? '');
    const theirText = (
      await pageTexts(await downloadBytes(t.app, theirs.downloadUrl, publicUrl))
    )[0];
    expect(theirText).toContain(`other@example.com · ${other.orderId}`);
    expect(theirText).not.toContain('김하나');
  });

  it('stamp a PDF with an owner password only, and refuse one that needs a password to open', async () => {
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'restricted.pdf', bytes: lockedPdf('owner-password') },
    ]);
    expect((await setStamp(seller, product, true)).statusCode).toBe(200);
    const order = purchase(product.product.id);
    await recordPurchase(t.app, order);
    const copy = await delivered(t.app, order.orderId, product.files[0]?.id ?? '');
    const texts = await pageTexts(await downloadBytes(t.app, copy.downloadUrl, publicUrl));
    expect(texts).toHaveLength(3);
    for (const text of texts) expect(text).toContain(order.orderId);

    // A version that needs a password to open is refused while stamping is on.
    const locked = await addVersion(t.app, seller, product.product.id, product.files[0]?.id ?? '', {
      name: 'restricted.pdf',
      bytes: lockedPdf('user-password'),
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'pdf_password_protected' });

    // Turning stamping on over such a file is refused, and leaves it off.
    const other = await productWithFiles(t.app, [
      { name: 'locked.pdf', bytes: lockedPdf('user-password') },
    ]);
    const refused = await setStamp(other.seller, other.product, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'pdf_password_protected' });
    const detail = await t.app.inject({
      url: `/api/products/${other.product.product.id}`,
      headers: bearer(other.seller.token),
    });
    expect(detail.json<ProductDetail>().product.pdf_stamp).toBe(false);
  });

  it('answer 503 stamp_unavailable rather than the original, counting nothing', async () => {
    // Bytes that claim to be a PDF but are not: no copy can be made.
    const { seller, product } = await productWithFiles(t.app, [
      { name: 'broken.pdf', bytes: Buffer.from('%PDF-1.7 but nothing else') },
    ]);
    expect((await setStamp(seller, product, true)).statusCode).toBe(200);
    const order = purchase(product.product.id);
    const sale = await recordPurchase(t.app, order);
    const response = await askDelivery(t.app, order.orderId, product.files[0]?.id ?? '');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'stamp_unavailable' });
    expect(response.body).not.toContain('downloadUrl');
    const rows = await t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.saleId, sale.purchaseId));
    expect(rows).toHaveLength(0);
  });

  it('keep the buyer’s network prefix and browser, never the whole address', async () => {
    const { product } = await productWithFiles(t.app, [
      { name: 'a.zip', bytes: Buffer.from('a'), type: 'application/zip' },
    ]);
    const order = purchase(product.product.id);
    const sale = await recordPurchase(t.app, order);
    const fileId = product.files[0]?.id ?? '';
    await delivered(t.app, order.orderId, fileId, {
      ip: '203.0.113.77',
      userAgent: 'Mozilla/5.0 Test',
    });
    await delivered(t.app, order.orderId, fileId, {
      ip: '2001:db8:1234:5678::9',
      userAgent: 'Other',
    });
    const rows = await t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.saleId, sale.purchaseId));
    expect(
      rows
        .map((row) => [row.networkPrefix, row.userAgent, row.country])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['2001:db8:1234::/48', 'Other', null],
      ['203.0.113.0/24', 'Mozilla/5.0 Test', null],
    ]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toContain('5678');
  });

  it('keep the recorded copy intact when two server copies stamp the same order at once', async () => {
    let putting!: () => void;
    const aPutting = new Promise<void>((resolve) => {
      putting = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A second server copy whose store of its stamped copy waits until the first copy has
    // stored and recorded its own.
    const lateKeys: string[] = [];
    let lateStorage: Storage | undefined;
    const other = await createSiblingApp(
      t,
      { INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl },
      {
        storage: (configured) => {
          const held: Storage = Object.create(configured);
          lateStorage = configured;
          held.put = async (key, body, options) => {
            if (key.includes('/stamped/')) {
              lateKeys.push(key);
              putting();
              await released;
            }
            await configured.put(key, body, options);
          };
          return held;
        },
      },
    );
    try {
      const { product, fileId } = await stampedProduct(t, 2);
      const order = purchase(product.product.id);
      await recordPurchase(t.app, order);
      const late = delivered(other, order.orderId, fileId);
      await aPutting;
      const first = await delivered(t.app, order.orderId, fileId);
      release();
      const second = await late;

      const [sale] = await t.database.db
        .select({ id: sales.id })
        .from(sales)
        .where(eq(sales.orderId, order.orderId));
      const recorded = await t.database.db
        .select()
        .from(stampedCopies)
        .where(eq(stampedCopies.saleId, sale?.id ?? ''));
      expect(recorded).toHaveLength(1);
      // The late copy went to a key of its own, never over the recorded one, and is gone.
      expect(lateKeys).toHaveLength(1);
      expect(lateKeys).not.toContain(recorded[0]?.storageKey);
      expect(await lateStorage?.head(lateKeys[0] ?? '')).toBeUndefined();
      for (const delivery of [first, second]) {
        const bytes = await downloadBytes(t.app, delivery.downloadUrl, publicUrl);
        expect(sha256(bytes)).toBe(recorded[0]?.sha256);
      }
    } finally {
      await other.close();
    }
  });

  it('make copies one after the other: the next source is read once the copy before is stored', async () => {
    const events: string[] = [];
    const slow = await createTestApp(
      { INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl },
      {
        storage: (configured) => {
          const watched: Storage = Object.create(configured);
          watched.read = async (key) => {
            events.push('read');
            return configured.read(key);
          };
          watched.put = async (key, body, options) => {
            events.push('store');
            // Storing a large copy takes a while: the next source must wait for it.
            await new Promise((resolve) => setTimeout(resolve, 150));
            await configured.put(key, body, options);
            events.push('stored');
          };
          return watched;
        },
      },
    );
    try {
      const { product, fileId } = await stampedProduct(slow, 2);
      const orders = [1, 2, 3].map(() => purchase(product.product.id));
      for (const order of orders) await recordPurchase(slow.app, order);
      events.length = 0;
      const served = await Promise.all(
        orders.map((order) => delivered(slow.app, order.orderId, fileId)),
      );
      expect(served.every((delivery) => delivery.stamped)).toBe(true);
      expect(events).toEqual([
        'read',
        'store',
        'stored',
        'read',
        'store',
        'stored',
        'read',
        'store',
        'stored',
      ]);
    } finally {
      await slow.close();
    }
  });

  it('let a copy go ahead after a while when the store of the one before never answers', async () => {
    let stores = 0;
    const stuck = await createTestApp(
      { INTERNAL_API_SECRET: internalSecret, PUBLIC_URL: publicUrl },
      {
        stampedCopyWaitMs: 300,
        storage: (configured) => {
          const hanging: Storage = Object.create(configured);
          hanging.put = async (key, body, options) => {
            stores += 1;
            // The first copy's store never answers.
            if (stores === 1) return new Promise<void>(() => {});
            await configured.put(key, body, options);
          };
          return hanging;
        },
      },
    );
    try {
      const { product, fileId } = await stampedProduct(stuck, 1);
      const [first, second] = [purchase(product.product.id), purchase(product.product.id)];
      for (const order of [first, second]) await recordPurchase(stuck.app, order);
      void askDelivery(stuck.app, first.orderId, fileId);
      // Let the first copy reach its store before the second is asked for.
      const firstStoring = async () => {
        while (stores < 1) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      await within(firstStoring(), 10_000);
      // Without the limit it would wait for the stuck store for good.
      const served = await within(delivered(stuck.app, second.orderId, fileId), 10_000);
      expect(served.stamped).toBe(true);
    } finally {
      await stuck.close();
    }
  });
});
