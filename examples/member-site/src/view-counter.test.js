import { describe, expect, it } from 'vitest';
import { SellerCenterError } from './seller-center.js';
import { createViewCounter } from './view-counter.js';

/**
 * The counter with a `send` that records each batch, and fails while `failWith` is set.
 *
 * @param {{ failWith?: Error, now?: Date }} state
 */
function counterWith(state = {}) {
  /** @type {import('./seller-center.js').ViewItem[][]} */
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
    now: () => state.now ?? new Date('2026-03-01T03:00:00Z'),
  });
  return { counter, batches, logged };
}

/** The day of the counter's clock, in Seoul. */
const day = '2026-03-01';

describe('the view counter', () => {
  it('sends the views of a tick in one call, summed per product', async () => {
    const { counter, batches } = counterWith();
    for (const productId of ['a', 'b', 'a', 'a']) counter.add(productId);
    await counter.flush();
    expect(batches).toEqual([
      [
        { productId: 'a', day, count: 3 },
        { productId: 'b', day, count: 1 },
      ],
    ]);
    await counter.flush();
    expect(batches).toHaveLength(1);
  });

  it('counts one item per product, Seoul day, source, UTM fields and country', async () => {
    const state = { now: new Date('2026-03-01T14:59:59Z') };
    const { counter, batches } = counterWith(state);
    const naver = { source: 'm.search.naver.com', utmCampaign: 'spring', country: 'KR' };
    counter.add('a', 1, naver);
    counter.add('a', 2, naver);
    counter.add('a', 1, { ...naver, utmMedium: 'blog' });
    counter.add('a', 1, { country: 'CN' });
    // 15:00 UTC is midnight in Seoul: a view of the next day is an item of its own.
    state.now = new Date('2026-03-01T15:00:00Z');
    counter.add('a', 1, naver);
    await counter.flush();
    expect(batches).toEqual([
      [
        { productId: 'a', day: '2026-03-01', ...naver, count: 3 },
        { productId: 'a', day: '2026-03-01', ...naver, utmMedium: 'blog', count: 1 },
        { productId: 'a', day: '2026-03-01', country: 'CN', count: 1 },
        { productId: 'a', day: '2026-03-02', ...naver, count: 1 },
      ],
    ]);
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
    expect(batches).toEqual([[{ productId: 'a', day, count: 3 }]]);
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
    expect(batches).toEqual([[{ productId: 'a', day, count: 1 }]]);
  });
});
