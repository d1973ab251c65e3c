import { SellerCenterError } from './seller-center.js';

/** What one `POST /api/internal/views` may carry. */
const maxProductsPerCall = 1000;
const maxCountPerProduct = 100_000;
/** Products waiting to be sent at most: beyond it, views of new products are dropped. */
const maxPendingProducts = 50_000;

/**
 * Counts product views and reports them together, once per interval, with the batched call
 * `POST /api/internal/views`: a busy store makes one call a second instead of one per page.
 *
 * Views carry no id, so the seller center cannot tell a retried call from a new one. A call
 * that fails without an answer (network) or with a 5xx is kept and sent again, summed with
 * newer views, on the next tick; a call refused with a 4xx is dropped and logged (sending it
 * again would be refused again).
 *
 * @param {object} options
 * @param {(views: { productId: string, count: number }[]) => Promise<unknown>} options.send
 * @param {number} [options.intervalMs]
 * @param {(message: string) => void} [options.log]
 */
export function createViewCounter({ send, intervalMs = 1000, log = console.warn }) {
  /** @type {Map<string, number>} views not yet reported, by product id */
  let pending = new Map();
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @type {Promise<void> | undefined} */
  let flushing;

  /**
   * @param {Map<string, number>} into
   * @param {string} productId
   * @param {number} count
   */
  function addTo(into, productId, count) {
    if (!into.has(productId) && into.size >= maxPendingProducts) return;
    into.set(productId, (into.get(productId) ?? 0) + count);
  }

  async function sendAll() {
    const batch = pending;
    pending = new Map();
    const items = [];
    for (const [productId, total] of batch) {
      // A product seen more often than one item may carry is sent in several items.
      for (let left = total; left > 0; left -= maxCountPerProduct) {
        items.push({ productId, count: Math.min(left, maxCountPerProduct) });
      }
    }
    for (let start = 0; start < items.length; start += maxProductsPerCall) {
      const chunk = items.slice(start, start + maxProductsPerCall);
      try {
        await send(chunk);
      } catch (error) {
        if (error instanceof SellerCenterError && error.status < 500) {
          log(`views refused (${error.status} ${error.code}), dropped: ${error.message}`);
          continue;
        }
        // Not delivered: back into the queue, summed with the views that arrived meanwhile.
        for (const { productId, count } of items.slice(start)) addTo(pending, productId, count);
        log(`views not delivered, kept for the next try: ${String(error)}`);
        return;
      }
    }
  }

  /** Sends what is waiting; one flush at a time. */
  function flush() {
    if (!flushing && pending.size > 0) {
      flushing = sendAll().finally(() => {
        flushing = undefined;
      });
    }
    return flushing ?? Promise.resolve();
  }

  return {
    /**
     * One view (or `count`) of a product page.
     *
     * @param {string} productId
     * @param {number} [count]
     */
    add(productId, count = 1) {
      addTo(pending, productId, count);
    },

    flush,

    /** Starts the ticks. */
    start() {
      timer ??= setInterval(() => void flush(), intervalMs);
      // The ticks alone do not keep the process running.
      timer.unref();
    },

    /** Stops the ticks and sends what is left (at shutdown). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flushing;
      await flush();
    },

    /** Views waiting to be sent, by product (for tests and a status page). */
    pendingViews() {
      return new Map(pending);
    },
  };
}

/** @typedef {ReturnType<typeof createViewCounter>} ViewCounter */
