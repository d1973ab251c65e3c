/**
 * Runs at most `perKey` works of one key at a time; the others wait for their turn in the order
 * they came. Works of different keys never wait for each other. Nothing is kept for a key once
 * its last work is done.
 *
 * The member site's purchases take turns by product: a flash sale's purchases of one product
 * queue on that product's rows in PostgreSQL anyway, one commit after the other, and without
 * turns they would fill every connection of the member site's pool while they wait, so that the
 * purchases of every other product queued behind them.
 */
export function createTurns(perKey: number) {
  if (!Number.isInteger(perKey) || perKey < 1) {
    throw new RangeError(`turns per key must be a positive integer, got ${perKey}`);
  }
  const keys = new Map<string, { running: number; waiting: (() => void)[] }>();

  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      let turns = keys.get(key);
      if (!turns) {
        turns = { running: 0, waiting: [] };
        keys.set(key, turns);
      }
      const mine = turns;
      if (mine.running < perKey) {
        mine.running += 1;
      } else {
        // The work that ends hands its turn over: `running` stays as it is.
        await new Promise<void>((resolve) => mine.waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = mine.waiting.shift();
        if (next) {
          next();
        } else {
          mine.running -= 1;
          if (mine.running === 0) keys.delete(key);
        }
      }
    },

    /** Keys with works running or waiting (for tests). */
    get size(): number {
      return keys.size;
    },
  };
}

export type Turns = ReturnType<typeof createTurns>;
