import type { Database } from '../../db/client.ts';
import type { AccountSecurityRepository } from './account-security.repository.ts';
import type { EmailChangeRepository } from './email-change.repository.ts';
import type { SessionService } from './sessions.service.ts';

/**
 * What a change of who holds the account ends, inside that change's transaction (a password
 * changed or reset, an email change confirmed, two-factor sign-in turned off;
 * docs/product-rules.md, "Session"): every session but the one making the change, every pending
 * email-change and password-reset link, every sign-in waiting for its code.
 */
export function createWaysIn(deps: {
  sessions: Pick<SessionService, 'endAll'>;
  security: Pick<AccountSecurityRepository, 'endResetTokens' | 'removeChallenges'>;
  emailChanges: Pick<EmailChangeRepository, 'endOpen'>;
  now?: () => Date;
}) {
  const { sessions, security, emailChanges } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /** Ends every other way in; `keep` is the session making the change, when it is one. */
    async endOthers(executor: Database, sellerId: string, keep?: string): Promise<void> {
      await sessions.endAll(executor, sellerId, keep);
      await emailChanges.endOpen(executor, sellerId, now());
      await security.endResetTokens(executor, sellerId);
      await security.removeChallenges(executor, sellerId);
    },
  };
}

export type WaysIn = ReturnType<typeof createWaysIn>;
