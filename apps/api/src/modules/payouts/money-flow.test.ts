import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * One seller's money from end to end, every figure worked out here from the rules alone and
 * compared to the won with every screen and file that shows it: sales at 10 % commission, a
 * sale refunded in two parts, another charged back, a payout, and a refund after the payout.
 *
 * The rules (docs/product-rules.md): a sale's commission is 10 % of its amount past the
 * seller's first six months; a refund gives back `floor(commission × refund ÷ sale amount)`
 * of it, except the refund that empties the sale, which gives back all that is left; a
 * refund's net is its amount less the commission given back. Every sales figure counts a sale
 * as its amount less its refunds, and a fully refunded sale leaves the counts. The balance is
 * the net of sales less the net of refunds less payouts; a payout's statement sums the ledger
 * after the previous payout up to and including it.
 */

let t: TestApp;
let seller: TestSeller;
let sellerId: string;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret, TIME_ZONE: 'Asia/Seoul' });
  seller = await signUpSeller(t.app);
  sellerId = await sellerIdByEmail(t.database.db, seller.email);
  // Two years in: the introductory months are over, every sale pays 10 %.
  await setSellerCreatedAt(t.database.db, sellerId, new Date(Date.now() - 2 * 365 * 86_400_000));
  await t.app.inject({
    method: 'PUT',
    url: '/api/auth/settlement-info',
    headers: bearer(seller.token),
    payload: {
      bank: {
        name: 'Bank',
        account: '123-456',
        accountHolder: 'Holder',
        swiftCode: '',
        branch: 'Main',
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const rate = 0.1;
const commissionOf = (amount: number) => Math.round(amount * rate);

interface Sale {
  orderId: string;
  product: string;
  amount: number;
  commission: number;
  /** Commission given back so far, and amount refunded so far. */
  returned: number;
  refunded: number;
}

interface Entry {
  type: 'sale' | 'refund' | 'chargeback' | 'payout';
  orderId: string | null;
  gross: number;
  commission: number;
  net: number;
}

/** The ledger as the rules write it, oldest first. */
const ledger: Entry[] = [];

async function sell(productId: string, product: string, amount: number): Promise<Sale> {
  const recorded = await recordPurchase(t.app, purchase(productId, { amount }));
  const sale = {
    orderId: recorded.orderId,
    product,
    amount,
    commission: commissionOf(amount),
    returned: 0,
    refunded: 0,
  };
  expect(recorded).toMatchObject({
    commissionAmount: sale.commission,
    netAmount: amount - sale.commission,
  });
  ledger.push({
    type: 'sale',
    orderId: sale.orderId,
    gross: amount,
    commission: sale.commission,
    net: amount - sale.commission,
  });
  return sale;
}

async function refund(sale: Sale, amount: number, kind: 'refund' | 'chargeback' = 'refund') {
  const empties = sale.refunded + amount === sale.amount;
  const returned = empties
    ? sale.commission - sale.returned
    : Math.floor((sale.commission * amount) / sale.amount);
  const response = await signedPost(t.app, '/api/internal/refunds', {
    refundId: `refund-${randomUUID()}`,
    orderId: sale.orderId,
    amount,
    kind,
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().refund).toMatchObject({
    kind,
    amount,
    commissionReturned: returned,
    netAmount: amount - returned,
  });
  sale.refunded += amount;
  sale.returned += returned;
  ledger.push({
    type: kind,
    orderId: sale.orderId,
    gross: -amount,
    commission: -returned,
    net: -(amount - returned),
  });
}

async function pay(amount: number): Promise<string> {
  const response = await signedPost(t.app, '/api/internal/payouts', {
    payoutId: `payout-${randomUUID()}`,
    sellerId,
    amount,
    method: 'bank',
  });
  expect(response.statusCode, response.body).toBe(201);
  ledger.push({ type: 'payout', orderId: null, gross: -amount, commission: 0, net: -amount });
  expect(response.json().balance).toBe(sum(ledger, 'net'));
  return response.json().payout.id;
}

const sum = (entries: readonly Entry[], field: 'gross' | 'commission' | 'net') =>
  entries.reduce((total, entry) => total + entry[field], 0);

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(seller.token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
};

const statusOf = (sale: Sale) =>
  sale.refunded === 0 ? 'paid' : sale.refunded === sale.amount ? 'refunded' : 'partially_refunded';

describe('the money of one seller, from sales to payout', () => {
  const sales: Sale[] = [];
  let payoutId = '';
  let payoutEntries = 0;

  beforeAll(async () => {
    const guide = await insertProduct(t.database.db, sellerId, { title: 'Seoul guide' });
    const maps = await insertProduct(t.database.db, sellerId, { title: 'Busan maps' });
    const kept = await sell(guide, 'Seoul guide', 10_000);
    const refunded = await sell(guide, 'Seoul guide', 7_010);
    const chargedBack = await sell(maps, 'Busan maps', 3_330);
    sales.push(kept, refunded, chargedBack);
    // Part of a sale, then the rest: the second refund gives back all the commission left.
    await refund(refunded, 2_999);
    await refund(refunded, 7_010 - 2_999);
    await refund(chargedBack, 3_330, 'chargeback');
    payoutId = await pay(5_000);
    payoutEntries = ledger.length;
    // After the payout: the balance falls, the statement of the payout does not change.
    await refund(kept, 1_001);
  });

  /** What the sales figures count: each sale less its refunds, only sales not fully refunded. */
  const salesFigures = () => {
    const counted = sales.filter((sale) => sale.refunded < sale.amount);
    const amount = sales.reduce((total, sale) => total + sale.amount - sale.refunded, 0);
    const commission = sales.reduce((total, sale) => total + sale.commission - sale.returned, 0);
    return { count: counted.length, amount, commission, net: amount - commission };
  };

  it('the summary cards', async () => {
    const figures = salesFigures();
    expect(figures).toEqual({ count: 1, amount: 8_999, commission: 900, net: 8_099 });
    expect((await get('/api/products/stats/sales')).json()).toEqual({
      totalSales: figures,
      monthlySales: figures,
      todaySales: figures,
    });
  });

  it('the transactions', async () => {
    const { transactions } = (await get('/api/products/sales/transactions')).json();
    expect(
      transactions.map((row: Record<string, unknown>) => [
        row.order_id,
        row.purchase_price,
        row.commission_amount,
        row.net_amount,
        row.status,
        row.refunded_amount,
      ]),
    ).toEqual(
      [...sales]
        .reverse()
        .map((sale) => [
          sale.orderId,
          sale.amount,
          sale.commission,
          sale.amount - sale.commission,
          statusOf(sale),
          sale.refunded,
        ]),
    );
  });

  it('the daily chart', async () => {
    const { dailySales } = (await get('/api/products/stats/sales/daily?days=1')).json();
    const { count, amount, net } = salesFigures();
    expect(dailySales).toEqual([{ date: expect.any(String), count, amount, net }]);
  });

  it('the sales by product', async () => {
    const { products } = (await get('/api/products/stats/sales/by-product')).json();
    const byTitle = Object.fromEntries(
      products.map((row: Record<string, unknown>) => [
        row.title,
        [row.salesCount, row.totalRevenue, row.netRevenue],
      ]),
    );
    for (const title of ['Seoul guide', 'Busan maps']) {
      const own = sales.filter((sale) => sale.product === title);
      const amount = own.reduce((total, sale) => total + sale.amount - sale.refunded, 0);
      const commission = own.reduce((total, sale) => total + sale.commission - sale.returned, 0);
      const count = own.filter((sale) => sale.refunded < sale.amount).length;
      expect(byTitle[title], title).toEqual([count, amount, amount - commission]);
    }
  });

  it('the sales CSV', async () => {
    const lines = (await get('/api/products/sales/export')).body.split('\r\n').filter(Boolean);
    const header = (lines[0] ?? '').replace('\uFEFF', '').split(',');
    const rows = lines
      .slice(1)
      .map((line) =>
        Object.fromEntries(line.split(',').map((value, index) => [header[index], value])),
      );
    expect(
      rows.map((row) => [
        row.order_id,
        Number(row.purchase_price_krw),
        Number(row.commission_krw),
        Number(row.net_krw),
        row.status,
        Number(row.refunded_krw),
      ]),
    ).toEqual(
      [...sales]
        .reverse()
        .map((sale) => [
          sale.orderId,
          sale.amount,
          sale.commission,
          sale.amount - sale.commission,
          statusOf(sale),
          sale.refunded,
        ]),
    );
  });

  it('the balance', async () => {
    const of = (...types: Entry['type'][]) => ledger.filter((entry) => types.includes(entry.type));
    const balance = sum(ledger, 'net');
    expect(balance).toBe(3_099);
    const body = (await get('/api/payouts/balance')).json();
    expect(body).toEqual({
      balance,
      totals: {
        sales: sum(of('sale'), 'gross'),
        commission: sum(ledger, 'commission'),
        refunds: -sum(of('refund', 'chargeback'), 'gross'),
        payouts: -sum(of('payout'), 'gross'),
      },
      lastPayoutAt: expect.any(String),
    });
    const { totals } = body;
    expect(totals.sales - totals.commission - totals.refunds - totals.payouts).toBe(balance);
  });

  /** Every entry with its running balance, oldest first. */
  const withBalances = (entries: readonly Entry[]) => {
    let running = 0;
    return entries.map((entry) => {
      running += entry.net;
      return { ...entry, balanceAfter: running };
    });
  };

  it('the ledger, newest first', async () => {
    const { entries, pagination } = (await get('/api/payouts/ledger?limit=100')).json();
    expect(pagination.total).toBe(ledger.length);
    expect(
      entries.map((entry: Record<string, unknown>) => ({
        type: entry.type,
        orderId: entry.orderId,
        gross: entry.gross,
        commission: entry.commission,
        net: entry.net,
        balanceAfter: entry.balanceAfter,
      })),
    ).toEqual(withBalances(ledger).reverse());
  });

  it("the payout's statement", async () => {
    const covered = ledger.slice(0, payoutEntries);
    const salesOf = covered.filter((entry) => entry.type === 'sale');
    const refundsOf = covered.filter(
      (entry) => entry.type === 'refund' || entry.type === 'chargeback',
    );
    const { payout, statement } = (await get(`/api/payouts/${payoutId}`)).json();
    expect(payout).toMatchObject({ id: payoutId, amount: 5_000, method: 'bank' });
    const expected = {
      openingBalance: 0,
      sales: {
        count: salesOf.length,
        gross: sum(salesOf, 'gross'),
        commission: sum(salesOf, 'commission'),
        net: sum(salesOf, 'net'),
      },
      refunds: {
        count: refundsOf.length,
        amount: -sum(refundsOf, 'gross'),
        commissionReturned: -sum(refundsOf, 'commission'),
        net: -sum(refundsOf, 'net'),
      },
      closingBalance: sum(covered, 'net'),
    };
    expect(expected).toEqual({
      openingBalance: 0,
      sales: { count: 3, gross: 20_340, commission: 2_034, net: 18_306 },
      refunds: { count: 3, amount: 10_340, commissionReturned: 1_034, net: 9_306 },
      closingBalance: 4_000,
    });
    expect(statement).toMatchObject(expected);
    expect(
      statement.openingBalance + statement.sales.net - statement.refunds.net - payout.amount,
    ).toBe(statement.closingBalance);
  });

  it("the payout's statement CSV", async () => {
    const lines = (await get(`/api/payouts/${payoutId}/statement.csv`)).body
      .split('\r\n')
      .filter(Boolean);
    const header = (lines[0] ?? '').replace('\uFEFF', '').split(',');
    const rows = lines
      .slice(1)
      .map((line) =>
        Object.fromEntries(line.split(',').map((value, index) => [header[index], value])),
      );
    expect(
      rows.map((row) => ({
        type: row.type,
        orderId: row.order_id || null,
        gross: Number(row.gross_krw),
        commission: Number(row.commission_krw),
        net: Number(row.net_krw),
        balanceAfter: Number(row.balance_after_krw),
      })),
    ).toEqual(withBalances(ledger.slice(0, payoutEntries)));
  });
});
