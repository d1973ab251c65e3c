import { describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache.ts';

const body = (text: string) => Buffer.from(text);

function listeningCache(options: { ttlMs?: number; maxBytes?: number } = {}) {
  const clock = { now: 1_000 };
  const cache = createResponseCache({
    ttlMs: options.ttlMs ?? 10_000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    now: () => clock.now,
  });
  cache.setListening(true);
  return { cache, clock };
}

function put(
  cache: ReturnType<typeof createResponseCache>,
  seller: string,
  key: string,
  text: string,
) {
  cache.store(cache.ticket(seller), key, body(text));
}

describe('response cache', () => {
  it('serves what was stored until it expires', () => {
    const { cache, clock } = listeningCache({ ttlMs: 5_000 });
    expect(cache.get('a', '/x')).toBeUndefined();
    put(cache, 'a', '/x', 'one');
    expect(cache.get('a', '/x')?.toString()).toBe('one');
    clock.now += 4_999;
    expect(cache.get('a', '/x')?.toString()).toBe('one');
    clock.now += 1;
    expect(cache.get('a', '/x')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2 });
  });

  it('keeps sellers apart: one seller never gets another one’s answer', () => {
    const { cache } = listeningCache();
    put(cache, 'a', '/api/products/my-products', 'products of a');
    expect(cache.get('b', '/api/products/my-products')).toBeUndefined();
    put(cache, 'b', '/api/products/my-products', 'products of b');
    expect(cache.get('a', '/api/products/my-products')?.toString()).toBe('products of a');
    expect(cache.get('b', '/api/products/my-products')?.toString()).toBe('products of b');
  });

  it('drops only the changed seller’s answers', () => {
    const { cache } = listeningCache();
    put(cache, 'a', '/x', 'a-x');
    put(cache, 'a', '/y', 'a-y');
    put(cache, 'b', '/x', 'b-x');
    cache.invalidate('a');
    expect(cache.get('a', '/x')).toBeUndefined();
    expect(cache.get('a', '/y')).toBeUndefined();
    expect(cache.get('b', '/x')?.toString()).toBe('b-x');
    expect(cache.stats()).toMatchObject({ sellers: 1, entries: 1, bytes: 3 });
  });

  it('refuses an answer computed while a change arrived (read, change, store)', () => {
    const { cache } = listeningCache();
    const before = cache.ticket('a');
    cache.invalidate('a');
    cache.store(before, '/x', body('read before the change'));
    expect(cache.get('a', '/x')).toBeUndefined();
    // Another seller's change does not matter.
    const ticket = cache.ticket('a');
    cache.invalidate('b');
    cache.store(ticket, '/x', body('fresh'));
    expect(cache.get('a', '/x')?.toString()).toBe('fresh');
  });

  it('refuses every answer begun before a change of everything', () => {
    const { cache } = listeningCache();
    const before = cache.ticket('a');
    put(cache, 'b', '/x', 'b-x');
    cache.invalidateAll();
    cache.store(before, '/x', body('stale'));
    expect(cache.get('a', '/x')).toBeUndefined();
    expect(cache.get('b', '/x')).toBeUndefined();
  });

  it('serves and stores nothing while changes cannot be heard, and forgets all on return', () => {
    const { cache } = listeningCache();
    put(cache, 'a', '/x', 'before');
    const begunBefore = cache.ticket('a');
    cache.setListening(false);
    expect(cache.get('a', '/x')).toBeUndefined();
    put(cache, 'a', '/y', 'while deaf');
    const begunWhileDeaf = cache.ticket('a');
    cache.setListening(true);
    // A change may have been missed meanwhile: nothing from before is served or stored.
    expect(cache.get('a', '/x')).toBeUndefined();
    expect(cache.get('a', '/y')).toBeUndefined();
    cache.store(begunBefore, '/x', body('stale'));
    cache.store(begunWhileDeaf, '/y', body('stale'));
    expect(cache.stats().entries).toBe(0);
    put(cache, 'a', '/x', 'after');
    expect(cache.get('a', '/x')?.toString()).toBe('after');
  });

  it('starts deaf: nothing is cached before the change feed is heard', () => {
    const cache = createResponseCache({ ttlMs: 10_000, maxBytes: 1024 });
    put(cache, 'a', '/x', 'one');
    expect(cache.get('a', '/x')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ listening: false, entries: 0 });
  });

  it('stays under its byte budget by dropping the sellers stored least recently', () => {
    const { cache } = listeningCache({ maxBytes: 10 });
    put(cache, 'a', '/x', 'aaaa');
    put(cache, 'b', '/x', 'bbbb');
    put(cache, 'a', '/y', 'a');
    put(cache, 'c', '/x', 'cccc');
    expect(cache.get('b', '/x')).toBeUndefined();
    expect(cache.get('a', '/x')?.toString()).toBe('aaaa');
    expect(cache.get('c', '/x')?.toString()).toBe('cccc');
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
    // A body larger than the whole budget is never kept.
    put(cache, 'd', '/x', 'd'.repeat(11));
    expect(cache.get('d', '/x')).toBeUndefined();
  });

  it('replaces an answer stored again under the same key, counting its bytes once', () => {
    const { cache } = listeningCache();
    put(cache, 'a', '/x', 'first');
    put(cache, 'a', '/x', 'second');
    expect(cache.get('a', '/x')?.toString()).toBe('second');
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 6 });
  });

  it('still refuses stale answers after forgetting old invalidations', () => {
    const { cache } = listeningCache();
    const early = cache.ticket('seller-0');
    cache.invalidate('seller-0');
    // Enough other sellers change that seller-0's change is folded away.
    for (let n = 1; n <= 20_000; n++) cache.invalidate(`seller-${n}`);
    cache.store(early, '/x', body('stale'));
    expect(cache.get('seller-0', '/x')).toBeUndefined();
    put(cache, 'seller-0', '/x', 'fresh');
    expect(cache.get('seller-0', '/x')?.toString()).toBe('fresh');
  });
});
