/**
 * Serialised answers of a seller's hot reads (the dashboard's), kept per seller for a few
 * seconds and dropped as soon as that seller's data changes. The cache never serves an answer
 * older than a change it has heard of:
 *
 * - `invalidate(sellerId)` is called for every change (the database announces each committed
 *   change to products and sales, and this server's own writes call it at once);
 * - an answer computed while a change arrived is not stored: `ticket()` is taken before the
 *   read and `store()` refuses it when the seller (or everything) was invalidated since;
 * - while changes cannot be heard (the listening connection is down), nothing is served or
 *   stored, and everything is dropped when listening resumes.
 *
 * Memory is bounded by `maxBytes`: the sellers stored least recently are dropped first.
 */
export interface ResponseCache {
  /** A stored answer, or undefined. */
  get(sellerId: string, key: string): Buffer | undefined;
  /** Taken before computing an answer, and handed back to `store`. */
  ticket(sellerId: string): CacheTicket;
  store(ticket: CacheTicket, key: string, body: Buffer): void;
  invalidate(sellerId: string): void;
  invalidateAll(): void;
  /** Whether changes can be heard; when false, nothing is served or stored. */
  setListening(listening: boolean): void;
  stats(): ResponseCacheStats;
}

export interface CacheTicket {
  readonly sellerId: string;
  readonly clock: number;
}

export interface ResponseCacheStats {
  listening: boolean;
  sellers: number;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}

interface Entry {
  body: Buffer;
  expiresAt: number;
}

/** How many sellers' last invalidation times are remembered before the oldest are folded. */
const invalidationMemory = 10_000;

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const now = options.now ?? Date.now;
  /** Sellers in the order they were last stored into: the first is dropped first. */
  const sellers = new Map<string, Map<string, Entry>>();
  /** Seller → clock of its last invalidation; older ones are folded into `forgottenUpTo`. */
  const invalidatedAt = new Map<string, number>();
  let forgottenUpTo = 0;
  let everythingInvalidatedAt = 0;
  let clock = 0;
  let listening = false;
  let bytes = 0;
  let entries = 0;
  let hits = 0;
  let misses = 0;

  const dropSeller = (sellerId: string) => {
    const bucket = sellers.get(sellerId);
    if (!bucket) return;
    for (const entry of bucket.values()) bytes -= entry.body.length;
    entries -= bucket.size;
    sellers.delete(sellerId);
  };

  const dropEverything = () => {
    sellers.clear();
    bytes = 0;
    entries = 0;
  };

  const invalidateAll = () => {
    everythingInvalidatedAt = ++clock;
    invalidatedAt.clear();
    forgottenUpTo = everythingInvalidatedAt;
    dropEverything();
  };

  return {
    get(sellerId, key) {
      if (!listening) return undefined;
      const entry = sellers.get(sellerId)?.get(key);
      if (!entry || entry.expiresAt <= now()) {
        misses++;
        return undefined;
      }
      hits++;
      return entry.body;
    },

    ticket: (sellerId) => ({ sellerId, clock: ++clock }),

    store(ticket, key, body) {
      if (!listening || body.length > options.maxBytes) return;
      const { sellerId } = ticket;
      const lastChange = invalidatedAt.get(sellerId) ?? forgottenUpTo;
      if (lastChange > ticket.clock || everythingInvalidatedAt > ticket.clock) return;
      let bucket = sellers.get(sellerId);
      if (bucket) {
        // Most recently stored last: the eviction order.
        sellers.delete(sellerId);
      } else {
        bucket = new Map();
      }
      sellers.set(sellerId, bucket);
      const previous = bucket.get(key);
      if (previous) {
        bytes -= previous.body.length;
        entries--;
      }
      bucket.set(key, { body, expiresAt: now() + options.ttlMs });
      bytes += body.length;
      entries++;
      for (const oldest of sellers.keys()) {
        if (bytes <= options.maxBytes) break;
        dropSeller(oldest);
      }
    },

    invalidate(sellerId) {
      const at = ++clock;
      dropSeller(sellerId);
      invalidatedAt.delete(sellerId);
      invalidatedAt.set(sellerId, at);
      if (invalidatedAt.size > invalidationMemory) {
        // Forget the oldest: a ticket older than it is then refused whoever it is for.
        for (const [oldest, oldestAt] of invalidatedAt) {
          forgottenUpTo = Math.max(forgottenUpTo, oldestAt);
          invalidatedAt.delete(oldest);
          if (invalidatedAt.size <= invalidationMemory / 2) break;
        }
      }
    },

    invalidateAll,

    setListening(value) {
      if (value === listening) return;
      listening = value;
      // Changes made while deaf were not heard: nothing stored before may be kept.
      invalidateAll();
    },

    stats: () => ({ listening, sellers: sellers.size, entries, bytes, hits, misses }),
  };
}
