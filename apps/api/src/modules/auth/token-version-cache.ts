import type { Database } from '../../db/client.ts';
import type { SellerRepository } from './auth.repository.ts';

/** How long a token version read from the database is trusted without reading it again. */
export const tokenVersionTtlMs = 2000;
/** Sellers remembered at most; the oldest entry goes first. */
const maxEntries = 50_000;

interface Entry {
  version: number | undefined;
  readAt: number;
}

/**
 * The seller repository with its `tokenVersion` read cached for a short time: every
 * authenticated request checks the version, and reading it from the database was one of the two
 * round trips of a typical request.
 *
 * Revocation stays immediate on this server: logout and password change go through
 * `revokeTokens` / `setPasswordAndRevoke` below, which drop the seller's entry, and a read that
 * started before the revocation is not stored (a generation counter per seller). A token whose
 * version differs from the cached one is always checked against the database, so a token newly
 * issued by another server copy is accepted at once. Only a revocation made by *another* server
 * copy can be missed here, for at most `ttlMs`.
 *
 * Reads are shared: when a seller's entry expires while many of their requests are in flight,
 * one read answers them all (rather than one each), unless a revocation came in the meantime.
 * A token whose version differs from a shared read's answer gets a read of its own.
 */
export function withTokenVersionCache(
  sellers: SellerRepository,
  {
    ttlMs = tokenVersionTtlMs,
    now = () => performance.now(),
    onForget,
  }: {
    ttlMs?: number;
    now?: () => number;
    /** Told of every seller forgotten here (their sessions' cache forgets them too). */
    onForget?: (id: string) => void;
  } = {},
): SellerRepository & {
  tokenVersion(id: string, claimedVersion?: number): Promise<number | undefined>;
} {
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  /** The read in flight per seller, and the generation it started in. */
  const reading = new Map<string, { generation: number; version: Promise<number | undefined> }>();

  const forget = (id: string) => {
    entries.delete(id);
    generations.set(id, (generations.get(id) ?? 0) + 1);
    onForget?.(id);
  };

  const read = async (id: string) => {
    const generation = generations.get(id) ?? 0;
    const version = await sellers.tokenVersion(id);
    if ((generations.get(id) ?? 0) === generation) {
      entries.delete(id);
      entries.set(id, { version, readAt: now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return version;
  };

  /** The read in flight for this seller if it started after the last revocation; else a new one. */
  const sharedRead = (id: string): { version: Promise<number | undefined>; shared: boolean } => {
    const generation = generations.get(id) ?? 0;
    const inFlight = reading.get(id);
    if (inFlight && inFlight.generation === generation) {
      return { version: inFlight.version, shared: true };
    }
    const version = read(id).finally(() => {
      if (reading.get(id)?.version === version) reading.delete(id);
    });
    reading.set(id, { generation, version });
    return { version, shared: false };
  };

  return {
    ...sellers,

    async tokenVersion(id: string, claimedVersion?: number) {
      const entry = entries.get(id);
      const fresh = entry && now() - entry.readAt < ttlMs;
      if (fresh && (claimedVersion === undefined || entry.version === claimedVersion)) {
        return entry.version;
      }
      const { version, shared } = sharedRead(id);
      const current = await version;
      // A read that started before this request may predate the version the token carries.
      if (shared && claimedVersion !== undefined && current !== claimedVersion) return read(id);
      return current;
    },

    async setPasswordAndRevoke(id: string, passwordHash: string, executor?: Database) {
      forget(id);
      try {
        return await sellers.setPasswordAndRevoke(id, passwordHash, executor);
      } finally {
        forget(id);
      }
    },

    forgetTokenVersion: forget,

    async revokeTokens(id: string, executor?: Database) {
      forget(id);
      try {
        await sellers.revokeTokens(id, executor);
      } finally {
        forget(id);
      }
    },
  };
}
