import { describe, expect, it } from 'vitest';
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
