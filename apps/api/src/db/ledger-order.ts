import { type SQL, sql } from 'drizzle-orm';

/**
 * The order of a seller's ledger (sales, refunds and chargebacks, payouts) is the order in which
 * the entries took their place, and a payout's statement must never change once it is recorded
 * (docs/product-rules.md, "Ledger, balance and payouts"). So each entry takes its place under
 * a lock of the seller's ledger, held until its transaction ends:
 *
 * - a sale, refund or chargeback holds it shared (they never wait for each other);
 * - a payout holds it alone: it waits for the entries already placed to commit, reads the
 *   balance, and makes later entries wait for its commit.
 *
 * The entry's time (`ledgerTime`) is read after the lock, never at the transaction's start: an
 * entry whose transaction began before a payout, but placed after it, comes after it in the
 * ledger and belongs to the next statement. Decision 041.
 */
function ledgerKey(sellerId: SQL | string): SQL {
  return sql`hashtext('ledger'), hashtext(${sellerId}::text)`;
}

/**
 * A condition, true once the shared lock of the seller's ledger is held: for a statement that
 * places a sale, refund or chargeback in one go (put it before the row that reads `ledgerTime`).
 */
export function ledgerEntryPlaced(sellerId: SQL | string): SQL {
  return sql`(pg_advisory_xact_lock_shared(${ledgerKey(sellerId)}) is not null)`;
}

/** Holds the seller's ledger for a payout alone, until the transaction ends. */
export function holdLedgerForPayout(sellerId: string): SQL {
  return sql`select pg_advisory_xact_lock(${ledgerKey(sellerId)})`;
}

/** The time an entry takes in the ledger: the moment of writing, read after the lock. */
export const ledgerTime = sql`clock_timestamp()`;
