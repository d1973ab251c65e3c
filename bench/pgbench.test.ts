import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  doneBy,
  type PgbenchResult,
  readTransactionLogs,
  ScriptBuilder,
  windowFigures,
} from './lib/pgbench.ts';

describe('an anchor timed until its background was done', () => {
  const result = (later: PgbenchResult['later']): PgbenchResult => ({
    tps: 2,
    transactions: 4,
    failed: 0,
    latencyMs: 5,
    p50Ms: 5,
    p99Ms: 8,
    perScript: {
      purchase: { tps: 1.5, transactions: 3, latencyMs: 5 },
      refund: { tps: 0.5, transactions: 1, latencyMs: 5 },
    },
    clientSeconds: 0,
    postgresSeconds: 0,
    window: { startMs: 3_000, endMs: 5_000 },
    later,
  });

  it('adds the transactions of pgbench’s last moments that ended before the background did', () => {
    const later = [
      { script: 'purchase', endedMs: 5_100 },
      { script: 'refund', endedMs: 5_400 },
      { script: 'purchase', endedMs: 5_900 }, // after the background was done
    ];
    expect(doneBy(result(later), 5_500)).toEqual({
      purchase: 4,
      refund: 2,
    });
    expect(doneBy(result(later), 5_000)).toEqual({
      purchase: 3,
      refund: 1,
    });
  });
});

describe("pgbench's per-transaction log", () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // `client transaction time_us script epoch epoch_us`, ending `ms` milliseconds after the epoch.
  const line = (latencyMs: number | 'failed', endedMs: number, script = 0) =>
    `3 1 ${latencyMs === 'failed' ? 'failed' : latencyMs * 1000} ${script} ` +
    `${Math.floor(endedMs / 1000)} ${(endedMs % 1000) * 1000}`;

  it('gives p50 and p99 over every thread’s file, in milliseconds', () => {
    // 100 transactions of 1..100 ms over two files, as two pgbench threads write them.
    const first = Array.from({ length: 50 }, (_, i) => line(2 * i + 1, 10_000 + i));
    const second = Array.from({ length: 50 }, (_, i) => line(2 * i + 2, 10_000 + i));
    writeFileSync(path.join(dir, 'log.1'), `${first.join('\n')}\n`);
    writeFileSync(path.join(dir, 'log.1.1'), `${second.join('\n')}\n`);
    const transactions = readTransactionLogs([path.join(dir, 'log.1'), path.join(dir, 'log.1.1')]);
    const figures = windowFigures(transactions, ['read'], { startMs: 10_000, endMs: 11_000 });
    expect(figures).toMatchObject({ p50Ms: 51, p99Ms: 100, transactions: 100, tps: 100 });
  });

  it('counts only what ends within the window: the warm-up and the tail are left out', () => {
    const lines = [
      // Warm-up: new backends, slow first statements.
      line(900, 1_500),
      line(700, 2_900),
      // The window, 3 s to 5 s: three of the first script, one of the second, one failure.
      line(2, 3_000),
      line(4, 3_500, 1),
      line(6, 4_200),
      line('failed', 4_500),
      line(8, 4_999),
      // The margin after it.
      line(1, 5_000),
    ];
    writeFileSync(path.join(dir, 'log.7'), `${lines.join('\n')}\n`);
    const figures = windowFigures(
      readTransactionLogs([path.join(dir, 'log.7')]),
      ['page', 'other'],
      { startMs: 3_000, endMs: 5_000 },
    );
    expect(figures).toEqual({
      tps: 2,
      transactions: 4,
      failed: 1,
      latencyMs: 5,
      p50Ms: 6,
      p99Ms: 8,
      perScript: {
        page: { tps: 2, transactions: 3, latencyMs: 5.333 },
        other: { tps: 1, transactions: 1, latencyMs: 4 },
      },
    });
  });

  it('refuses a window with no transaction rather than reporting zero', () => {
    writeFileSync(path.join(dir, 'log.2'), `${line(5, 1_000)}\n`);
    expect(() =>
      windowFigures(readTransactionLogs([path.join(dir, 'log.2')]), ['read'], {
        startMs: 3_000,
        endMs: 5_000,
      }),
    ).toThrow(/no transaction/);
  });
});

describe('a pgbench script from captured statements', () => {
  it("draws the refunded seeded sale from the rank and `g`, and finds the sale's id by its order", () => {
    const builder = new ScriptBuilder(100, 20, 93);
    const script = builder.script(
      'refund',
      1,
      [
        {
          name: '',
          text: 'select * from sales where order_id = $1 for update',
          values: ['seed-1-2'],
          parsed: true,
        },
        {
          name: '',
          text: 'insert into refunds (refund_id, sale_id, amount) values ($1, $2, $3)',
          values: ['capture-refund-2', '0a0b', '5'],
          parsed: true,
        },
      ],
      {
        sellerId: 'seller',
        refundId: 'capture-refund-2',
        refundedOrderId: 'seed-1-2',
        refundedSaleId: '0a0b',
      },
    );
    const order = `('seed-' || :rank || '-' || :g)`;
    expect(script.text).toContain('\\set g random(1, 93)');
    expect(script.text).toContain(`where order_id = ${order} for update;`);
    expect(script.text).toContain(
      `values (('pgbench-refund-' || :order), (select id from sales where order_id = ${order}), :c1);`,
    );
    expect(builder.defines()).toEqual(['-D', 'c1=5']);
  });

  it("gives each purchase one of the member site's buyers, and the seller's own discount and code", () => {
    const builder = new ScriptBuilder(100, 20, 93, 'uniform', 5000);
    const script = builder.script(
      'discounted purchase',
      2,
      [
        {
          name: 'redeem',
          text: 'insert into discount_redemptions (order_id, discount_id, code_id, code) values ($1, $2, $3, $4)',
          values: ['capture-d2', 'discount-1', 'code-1', 'WELCOME10'],
          parsed: true,
        },
        {
          name: 'purchase',
          text: 'insert into sales (order_id, customer_email, discount_code) values ($1, $2, $3)',
          values: ['capture-d2', 'capture@example.com', 'WELCOME10'],
          parsed: true,
        },
      ],
      {
        sellerId: 'seller',
        orderId: 'capture-d2',
        customerEmail: 'capture@example.com',
        discountId: 'discount-1',
        discountCodeId: 'code-1',
      },
    );
    expect(script.text).toContain('\\set buyer random(0, 4999)');
    const discount = `('00000000-' || lpad(to_hex(:rank::int), 4, '0') || '-4000-a000-000000000000')::uuid`;
    const code = `('00000000-' || lpad(to_hex(:rank::int), 4, '0') || '-4000-b000-000000000000')::uuid`;
    // The redeem and the purchase name the same order, as the member site's checkout does.
    expect(script.text).toContain(`values (('pgbench-' || :order), ${discount}, ${code}, :c1);`);
    expect(script.text).toContain(
      `values (('pgbench-' || :order), ('buyer' || :buyer || '@example.com'), :c1);`,
    );
    expect(builder.defines()).toEqual(['-D', 'c1=WELCOME10']);
  });
});
