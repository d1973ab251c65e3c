import { describe, expect, it } from 'vitest';
import type { SellerRepository } from './auth.repository.ts';
import { withTokenVersionCache } from './token-version-cache.ts';

function fakeSellers(initial: number) {
  const state = { version: initial, reads: 0, pendingRead: undefined as (() => void) | undefined };
  const sellers = {
    async tokenVersion() {
      state.reads++;
      const seen = state.version;
      if (state.pendingRead === undefined) return seen;
      await new Promise<void>((resolve) => {
        state.pendingRead = resolve;
      });
      return seen;
    },
    async revokeTokens() {
      state.version++;
    },
    async setPasswordAndRevoke() {
      state.version++;
      return state.version;
    },
  } as unknown as SellerRepository;
  return { sellers, state };
}

describe('withTokenVersionCache', () => {
  it('reads the database once per TTL for a matching version', async () => {
    let clock = 0;
    const { sellers, state } = fakeSellers(3);
    const cached = withTokenVersionCache(sellers, { ttlMs: 1000, now: () => clock });
    expect(await cached.tokenVersion('s', 3)).toBe(3);
    expect(await cached.tokenVersion('s', 3)).toBe(3);
    expect(state.reads).toBe(1);
    clock = 1500;
    expect(await cached.tokenVersion('s', 3)).toBe(3);
    expect(state.reads).toBe(2);
  });

  it('sees a revocation on this server at once', async () => {
    const { sellers } = fakeSellers(0);
    const cached = withTokenVersionCache(sellers, { ttlMs: 60_000, now: () => 0 });
    expect(await cached.tokenVersion('s', 0)).toBe(0);
    await cached.revokeTokens('s');
    expect(await cached.tokenVersion('s', 0)).toBe(1);
    expect(await cached.setPasswordAndRevoke('s', 'hash')).toBe(2);
    expect(await cached.tokenVersion('s', 1)).toBe(2);
  });

  it('checks the database when the token claims another version', async () => {
    const { sellers, state } = fakeSellers(0);
    const cached = withTokenVersionCache(sellers, { ttlMs: 60_000, now: () => 0 });
    await cached.tokenVersion('s', 0);
    state.version = 1; // bumped by another server copy, which issued a version-1 token
    expect(await cached.tokenVersion('s', 1)).toBe(1);
  });

  it('does not keep a read that started before a revocation', async () => {
    const { sellers, state } = fakeSellers(0);
    const cached = withTokenVersionCache(sellers, { ttlMs: 60_000, now: () => 0 });
    state.pendingRead = () => {};
    const slowRead = cached.tokenVersion('s', 0);
    await Promise.resolve();
    await cached.revokeTokens('s');
    state.pendingRead?.();
    state.pendingRead = undefined;
    expect(await slowRead).toBe(0); // read before the revocation committed
    expect(await cached.tokenVersion('s', 0)).toBe(1); // but not cached
  });

  it('reads once for all the requests in flight when the entry has expired', async () => {
    let clock = 0;
    const { sellers, state } = fakeSellers(2);
    const cached = withTokenVersionCache(sellers, { ttlMs: 1000, now: () => clock });
    await cached.tokenVersion('s', 2);
    clock = 5000;
    state.pendingRead = () => {};
    const inFlight = Array.from({ length: 50 }, () => cached.tokenVersion('s', 2));
    await Promise.resolve();
    state.pendingRead?.();
    state.pendingRead = undefined;
    expect(await Promise.all(inFlight)).toEqual(Array(50).fill(2));
    expect(state.reads).toBe(2);
  });

  it('does not share a read that started before a revocation', async () => {
    const { sellers, state } = fakeSellers(0);
    const cached = withTokenVersionCache(sellers, { ttlMs: 60_000, now: () => 0 });
    state.pendingRead = () => {};
    const before = cached.tokenVersion('s', 0);
    await Promise.resolve();
    const release = state.pendingRead;
    state.pendingRead = undefined;
    await cached.revokeTokens('s');
    const after = cached.tokenVersion('s', 0);
    release?.();
    expect(await before).toBe(0);
    expect(await after).toBe(1);
  });

  it('gives a token a read of its own when a shared read answers another version', async () => {
    const { sellers, state } = fakeSellers(0);
    const cached = withTokenVersionCache(sellers, { ttlMs: 60_000, now: () => 0 });
    state.pendingRead = () => {};
    const old = cached.tokenVersion('s', 0);
    await Promise.resolve();
    const release = state.pendingRead;
    state.pendingRead = undefined;
    state.version = 1; // changed by another server copy, which issued a version-1 token
    const fresh = cached.tokenVersion('s', 1);
    release?.();
    expect(await old).toBe(0);
    expect(await fresh).toBe(1);
  });
});
