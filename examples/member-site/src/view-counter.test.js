import { describe, expect, it } from 'vitest';
import { SellerCenterError } from './seller-center.js';
import { createViewCounter } from './view-counter.js';

/**
 * The counter with a `send` that records each batch, and fails while `failWith` is set.
 *
 * @param {{ failWith?: Error }} state
 */
function counterWith(state = {}) {
  /** @type {{ productId: string, count: number }[][]} */
  const batches = [];
  /** @type {string[]} */
  const logged = [];
  const counter = createViewCounter({
    send: async (views) => {
      if (state.failWith) throw state.failWith;
      batches.push(views);
      return { accepted: views.length, unknown: 0 };
    },
    log: (message) => logged.push(message),
  });
  return { counter, batches, logged };
}

describe('the view counter', () => {
  it('sends the views of a tick in one call, summed per product', async () => {
    const { counter, batches } = counterWith();
    for (const productId of ['a', 'b', 'a', 'a']) counter.add(productId);
    await counter.flush();
    expect(batches).toEqual([
      [
        { productId: 'a', count: 3 },
        { productId: 'b', count: 1 },
      ],
    ]);
    await counter.flush();
    expect(batches).toHaveLength(1);
  });

  it('splits what one call may not carry: 1,000 products a call, 100,000 views an item', async () => {
    const { counter, batches } = counterWith();
    for (let index = 0; index < 1500; index += 1) counter.add(`p${index}`);
    counter.add('p0', 250_000);
    await counter.flush();
    expect(batches.map((batch) => batch.length)).toEqual([1000, 502]);
    const p0 = batches.flat().filter((item) => item.productId === 'p0');
    expect(p0.map((item) => item.count)).toEqual([100_000, 100_000, 50_001]);
  });

  it('keeps views the seller center did not take, and sends them with the next tick', async () => {
    const state = { failWith: /** @type {Error | undefined} */ (new TypeError('fetch failed')) };
    const { counter, batches, logged } = counterWith(state);
    counter.add('a', 2);
    await counter.flush();
    expect(batches).toEqual([]);
    expect(logged).toHaveLength(1);
    counter.add('a');
    state.failWith = undefined;
    await counter.flush();
    expect(batches).toEqual([[{ productId: 'a', count: 3 }]]);
  });

  it('drops views the seller center refused (4xx): they would be refused again', async () => {
    const state = {
      failWith: /** @type {Error | undefined} */ (
        new SellerCenterError(400, 'validation_failed', 'bad views')
      ),
    };
    const { counter, batches, logged } = counterWith(state);
    counter.add('a');
    await counter.flush();
    state.failWith = undefined;
    await counter.flush();
    expect(batches).toEqual([]);
    expect(logged[0]).toContain('validation_failed');
  });

  it('sends what is left when it stops', async () => {
    const { counter, batches } = counterWith();
    counter.start();
    counter.add('a');
    await counter.stop();
    expect(batches).toEqual([[{ productId: 'a', count: 1 }]]);
  });
});
