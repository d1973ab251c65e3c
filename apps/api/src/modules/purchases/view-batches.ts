/**
 * Product views written in batches. The member site reports views one by one, a thousand a
 * second and more, most of them on the few products everyone looks at; one UPDATE each made
 * them queue on those products' rows (and purchases, which update the same rows, behind them).
 * Here the views that arrive while a batch is being written are summed per product and written
 * by the next batch, one statement for all: one batch at a time per server copy, so a product's
 * row is updated once per batch rather than once per view.
 *
 * Batches start at most once per `interval` (milliseconds): a view that finds the writer idle is
 * written at once, and the views of the following interval wait for it and go together. Without
 * that floor a steady stream of views (a thousand a second, each arriving alone) made a batch,
 * a round trip and a commit of almost every view.
 *
 * Each view is answered once its batch has committed, with the product's count after that
 * batch (views counted with it included): nothing is acknowledged before it is stored.
 */

/** Writes the summed views and returns each existing product's new count. */
export type WriteViews = (
  views: ReadonlyMap<string, number>,
) => Promise<ReadonlyMap<string, number>>;

interface Waiting {
  count: number;
  waiters: { resolve: (count: number | undefined) => void; reject: (error: unknown) => void }[];
}

export function createViewBatches(write: WriteViews, { interval = 0 } = {}) {
  let next = new Map<string, Waiting>();
  let writing = false;

  const flush = async () => {
    writing = true;
    while (next.size > 0) {
      const started = performance.now();
      const batch = next;
      next = new Map();
      try {
        const counts = await write(
          new Map([...batch].map(([productId, waiting]) => [productId, waiting.count])),
        );
        for (const [productId, waiting] of batch) {
          for (const waiter of waiting.waiters) waiter.resolve(counts.get(productId));
        }
      } catch (error) {
        for (const waiting of batch.values()) {
          for (const waiter of waiting.waiters) waiter.reject(error);
        }
      }
      // Views arriving until the interval is over join the next batch.
      const rest = interval - (performance.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    writing = false;
  };

  return {
    /** The product's view count once these views are stored; undefined when it does not exist. */
    add(productId: string, count: number): Promise<number | undefined> {
      return new Promise((resolve, reject) => {
        let waiting = next.get(productId);
        if (!waiting) {
          waiting = { count: 0, waiters: [] };
          next.set(productId, waiting);
        }
        waiting.count += count;
        waiting.waiters.push({ resolve, reject });
        // Views arriving in the same turn of the event loop join this batch.
        if (!writing) {
          writing = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
