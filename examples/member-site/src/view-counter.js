import { SellerCenterError } from './seller-center.js';

/** What one `POST /api/internal/views` may carry. */
const maxProductsPerCall = 1000;
const maxCountPerProduct = 100_000;
/** Groups (product, day, source, campaign, country) waiting at most: beyond it, new ones are dropped. */
const maxPendingGroups = 50_000;

/**
 * Counts product views and reports them together, once per interval, with the batched call
 * `POST /api/internal/views`: a busy store makes one call a second instead of one per page.
 * Views are counted per product, local day (the seller center's time zone: views counted
 * before midnight and sent after it stay on their day), source, UTM fields and country, one
 * item each; the fields of a view are those of its visit (visits.js).
 *
 * Views carry no id, so the seller center cannot tell a retried call from a new one. A call
 * that fails without an answer (network) or with a 5xx is kept and sent again, summed with
 * newer views, on the next tick; a call refused with a 4xx is dropped and logged (sending it
 * again would be refused again).
 *
 * @typedef {import('./visits.js').Attribution} Attribution
 * @typedef {import('./seller-center.js').ViewItem} ViewItem
 *
 * @param {object} options
 * @param {(views: ViewItem[]) => Promise<unknown>} options.send
 * @param {string} [options.timeZone] The seller center's `TIME_ZONE`.
 * @param {() => Date} [options.now]
 * @param {number} [options.intervalMs]
 * @param {(message: string) => void} [options.log]
 */
export function createViewCounter({
  send,
  timeZone = 'Asia/Seoul',
  now = () => new Date(),
  intervalMs = 1000,
  log = console.warn,
}) {
  // en-CA writes dates as yyyy-MM-dd.
  const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  /** @type {Map<string, number>} views not yet reported, by the item they will be sent as */
  let pending = new Map();
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @type {Promise<void> | undefined} */
  let flushing;

  /**
   * @param {Map<string, number>} into
   * @param {Omit<ViewItem, 'count'>} item
   * @param {number} count
   */
  function addTo(into, item, count) {
    const key = JSON.stringify([
      item.productId,
      item.day,
      item.source ?? '',
      item.utmSource ?? '',
      item.utmMedium ?? '',
      item.utmCampaign ?? '',
      item.country ?? '',
    ]);
    if (!into.has(key) && into.size >= maxPendingGroups) return;
    into.set(key, (into.get(key) ?? 0) + count);
  }

  /**
   * @param {string} key
   * @returns {Omit<ViewItem, 'count'>}
   */
  function itemOf(key) {
    const [productId, day, source, utmSource, utmMedium, utmCampaign, country] =
      /** @type {string[]} */ (JSON.parse(key));
    return {
      productId: productId ?? '',
      day: day ?? '',
      ...(source && { source }),
      ...(utmSource && { utmSource }),
      ...(utmMedium && { utmMedium }),
      ...(utmCampaign && { utmCampaign }),
      ...(country && { country }),
    };
  }

  async function sendAll() {
    const batch = pending;
    pending = new Map();
    const items = [];
    for (const [key, total] of batch) {
      const item = itemOf(key);
      // A group seen more often than one item may carry is sent in several items.
      for (let left = total; left > 0; left -= maxCountPerProduct) {
        items.push({ ...item, count: Math.min(left, maxCountPerProduct) });
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
        for (const { count, ...item } of items.slice(start)) addTo(pending, item, count);
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
     * One view (or `count`) of a product page, counted on today's date under its visit's
     * source, campaign and country.
     *
     * @param {string} productId
     * @param {number} [count]
     * @param {Attribution} [attribution]
     */
    add(productId, count = 1, attribution = {}) {
      addTo(pending, { ...attribution, productId, day: dayFormat.format(now()) }, count);
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

    /** Views waiting to be sent, as the items they will be sent as (for tests and a status page). */
    pendingViews() {
      return [...pending].map(([key, count]) => ({ ...itemOf(key), count }));
    },
  };
}

/** @typedef {ReturnType<typeof createViewCounter>} ViewCounter */
