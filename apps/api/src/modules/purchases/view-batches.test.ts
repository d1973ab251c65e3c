import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewBatches } from './view-batches.ts';

function fakeStore(known: string[]) {
  const counts = new Map(known.map((id) => [id, 0]));
  const batches: Map<string, number>[] = [];
  let hold: Promise<void> | undefined;
  return {
    batches,
    counts,
    holdWrites(until: Promise<void>) {
      hold = until;
    },
    async write(views: ReadonlyMap<string, number>) {
      batches.push(new Map(views));
      await hold;
      const written = new Map<string, number>();
      for (const [id, count] of views) {
        const current = counts.get(id);
        if (current === undefined) continue;
        counts.set(id, current + count);
        written.set(id, current + count);
      }
      return written;
    },
  };
}

describe('product views written in batches', () => {
  it('writes the views of one moment in one batch, each answered with the count after it', async () => {
    const store = fakeStore(['a', 'b']);
    const views = createViewBatches((batch) => store.write(batch));
    const answers = await Promise.all([views.add('a', 1), views.add('a', 2), views.add('b', 1)]);
    expect(store.batches).toEqual([
      new Map([
        ['a', 3],
        ['b', 1],
      ]),
    ]);
    expect(answers).toEqual([3, 3, 1]);
  });

  it('sums the views that arrive while a batch is written into the next one', async () => {
    const store = fakeStore(['a']);
    const views = createViewBatches((batch) => store.write(batch));
    let release: () => void = () => {};
    store.holdWrites(new Promise((resolve) => (release = resolve)));
    const first = views.add('a', 1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [views.add('a', 1), views.add('a', 1)];
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(later)).toEqual([3, 3]);
    expect(store.batches.map((batch) => batch.get('a'))).toEqual([1, 2]);
  });

  it('answers undefined for a product that does not exist', async () => {
    const store = fakeStore(['a']);
    const views = createViewBatches((batch) => store.write(batch));
    expect(await Promise.all([views.add('a', 1), views.add('missing', 1)])).toEqual([1, undefined]);
  });

  it('fails every view of a batch that could not be written, and writes the next one', async () => {
    let fail = true;
    const views = createViewBatches(async (batch) => {
      if (fail) throw new Error('database down');
      return new Map([...batch].map(([id, count]) => [id, count]));
    });
    await expect(Promise.all([views.add('a', 1), views.add('b', 1)])).rejects.toThrow(
      'database down',
    );
    fail = false;
    expect(await views.add('a', 1)).toBe(1);
  });
});

describe('product views written at most once per interval', () => {
  const interval = 60;
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  // The interval's clock and timer are fake (time moves only when the test says so); the turns
  // of the event loop that gather a batch stay real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a view that finds the writer idle at once', async () => {
    const store = fakeStore(['a']);
    const views = createViewBatches((batch) => store.write(batch), { interval });
    const started = performance.now();
    // Answered without any time passing.
    expect(await views.add('a', 1)).toBe(1);
    expect(performance.now()).toBe(started);
  });

  it('gathers the views of the next interval into one batch, written once it is over', async () => {
    const store = fakeStore(['a', 'b']);
    const startedAt: number[] = [];
    const views = createViewBatches(
      (batch) => {
        startedAt.push(performance.now());
        return store.write(batch);
      },
      { interval },
    );
    const first = views.add('a', 1);
    await tick();
    expect(await first).toBe(1);
    // Arriving one by one after the first batch, as a steady stream does.
    const later: Promise<number | undefined>[] = [];
    for (const id of ['a', 'b', 'a']) {
      later.push(views.add(id, 1));
      await tick();
    }
    // Nothing more is written until the interval is over.
    await vi.advanceTimersByTimeAsync(interval - 1);
    expect(store.batches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(later)).toEqual([3, 1, 3]);
    expect(store.batches).toEqual([
      new Map([['a', 1]]),
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    ]);
    expect((startedAt[1] ?? 0) - (startedAt[0] ?? 0)).toBe(interval);
  });

  it('goes back to writing at once when the interval passed with no view', async () => {
    const store = fakeStore(['a']);
    const views = createViewBatches((batch) => store.write(batch), { interval });
    await views.add('a', 1);
    await vi.advanceTimersByTimeAsync(interval + 10);
    const started = performance.now();
    expect(await views.add('a', 1)).toBe(2);
    expect(performance.now()).toBe(started);
  });
});
