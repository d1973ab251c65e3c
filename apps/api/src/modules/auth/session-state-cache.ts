/** The channel on which the database names a seller whose sessions or tokens changed. */
export const sessionChangesChannel = 'seller_sessions_changed';

/** Sessions remembered at most; the oldest entry goes first. */
const maxEntries = 50_000;

interface Entry {
  sellerId: string;
  tokenVersion: number;
  /** Trusted until then (ms since the epoch), when its last use must be moved again. */
  until: number;
}

/**
 * The open sessions this server copy has checked, so that a request with a session token needs
 * no database read of its own (decision 048). Only an answer of "open, at this token version"
 * is kept, and only until the session's last use is due to be moved again; anything else is
 * read again.
 *
 * Forgotten per seller: by every copy when the database announces a change of the seller's
 * sessions or tokens (a trigger notifies `sessionChangesChannel` at commit), and at once by the
 * copy that made the change. While the copy is not listening (before it starts, after its
 * connection is lost) nothing is kept, since a notice could be missed. A read that started
 * before a change is not kept either (`generation`).
 */
export function createSessionStateCache() {
  const entries = new Map<string, Entry>();
  /** Each seller's sessions among `entries`. */
  const bySeller = new Map<string, Set<string>>();
  let generation = 0;
  let listening = false;

  const remove = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const sessions = bySeller.get(entry.sellerId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) bySeller.delete(entry.sellerId);
  };

  return {
    /** Whether the session is known open, the seller's and at this version, at `now` (ms). */
    accepts(sellerId: string, sessionId: string, tokenVersion: number, now: number): boolean {
      const entry = entries.get(sessionId);
      if (!entry) return false;
      if (now >= entry.until) {
        remove(sessionId);
        return false;
      }
      return entry.sellerId === sellerId && entry.tokenVersion === tokenVersion;
    },

    /** Taken before a read: `remember` keeps the read only if nothing changed since. */
    generation: () => generation,

    /**
     * Keeps a session read open at `tokenVersion` from the database, until `until` (ms), unless
     * something changed since `readIn` or the copy is not listening.
     */
    remember(
      session: { sellerId: string; sessionId: string; tokenVersion: number; until: number },
      readIn: number,
    ): void {
      if (!listening || readIn !== generation) return;
      remove(session.sessionId);
      entries.set(session.sessionId, {
        sellerId: session.sellerId,
        tokenVersion: session.tokenVersion,
        until: session.until,
      });
      const sessions = bySeller.get(session.sellerId);
      if (sessions) sessions.add(session.sessionId);
      else bySeller.set(session.sellerId, new Set([session.sessionId]));
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
    },

    /** The seller's sessions or tokens changed: none of theirs is trusted until read again. */
    forgetSeller(sellerId: string): void {
      generation++;
      for (const sessionId of bySeller.get(sellerId) ?? []) entries.delete(sessionId);
      bySeller.delete(sellerId);
    },

    /** Listening started or stopped: either way, what is kept may have missed a notice. */
    setListening(state: boolean): void {
      listening = state;
      entries.clear();
      bySeller.clear();
      generation++;
    },

    size: () => entries.size,
  };
}

export type SessionStateCache = ReturnType<typeof createSessionStateCache>;
