import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logPercentiles, ScriptBuilder } from './lib/pgbench.ts';

describe("pgbench's per-transaction log", () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives p50 and p99 over every thread’s file, in milliseconds', () => {
    // `client transaction time_us script epoch epoch_us`: 100 transactions of 1..100 ms over
    // two files, as two pgbench threads write them.
    const line = (ms: number) => `3 ${ms} ${ms * 1000} 0 1764000000 ${ms}`;
    const first = Array.from({ length: 50 }, (_, i) => line(2 * i + 1));
    const second = Array.from({ length: 50 }, (_, i) => line(2 * i + 2));
    writeFileSync(path.join(dir, 'log.1'), `${first.join('\n')}\n`);
    writeFileSync(path.join(dir, 'log.1.1'), `${second.join('\n')}\n`);
    expect(logPercentiles([path.join(dir, 'log.1'), path.join(dir, 'log.1.1')])).toEqual({
      p50Ms: 51,
      p99Ms: 100,
    });
  });

  it('refuses an empty log rather than reporting zero', () => {
    writeFileSync(path.join(dir, 'log.2'), '');
    expect(() => logPercentiles([path.join(dir, 'log.2')])).toThrow(/no transaction/);
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
});
