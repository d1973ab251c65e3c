import { createHash, randomBytes } from 'node:crypto';
import { type ApiScope, apiScopes, apiTokenPrefix } from '@seller/contract/api-scopes';
import type { ApiToken } from '@seller/contract/developer/api-token';
import type { DataAccess } from '../../db/client.ts';
import type { ApiTokenRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import type { ActivityService, RequestClient } from '../auth/activity.service.ts';
import type { ApiTokenRepository } from './api-tokens.repository.ts';

/** Tokens one seller may hold at once. */
export const maxApiTokens = 20;
/** How often a token's last use is written: at most once this long apart. */
const touchEveryMs = 60_000;

/** Calls one token may make a minute (429 past it); the session and other tokens count apart. */
export function apiTokenRequestRule(perMinute: number): RateLimitRule {
  return { name: 'api-token', max: perMinute, windowSeconds: 60 };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const isScope = (value: string): value is ApiScope =>
  (apiScopes as readonly string[]).includes(value);

export interface VerifiedApiToken {
  tokenId: string;
  sellerId: string;
  scopes: ApiScope[];
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isScope),
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Personal API tokens: `sc_` and 240 random bits, kept only as a hash, each limited to its
 * scopes. Every request reads the token row, so a revocation counts at once on every copy.
 */
export function createApiTokenService(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  tokens: ApiTokenRepository;
  /** Creations and revocations are listed in the account's security activity. */
  activity: Pick<ActivityService, 'record'>;
  now?: () => Date;
}) {
  const { transaction, tokens, activity } = deps;
  const now = deps.now ?? (() => new Date());
  const touchedAt = new Map<string, number>();

  return {
    async create(
      sellerId: string,
      input: { name: string; scopes: ApiScope[] },
      client?: RequestClient,
    ) {
      if ((await tokens.countActive(sellerId)) >= maxApiTokens) {
        throw new AppError('conflict', `At most ${maxApiTokens} tokens; revoke one first`);
      }
      const token = `${apiTokenPrefix}${randomBytes(30).toString('base64url')}`;
      const row = await transaction(async (tx) => {
        const inserted = await tokens.insert(
          {
            sellerId,
            name: input.name,
            scopes: [...input.scopes],
            tokenHash: hashToken(token),
            prefix: token.slice(0, apiTokenPrefix.length + 8),
          },
          tx,
        );
        await activity.record(tx, sellerId, 'api_token_created', client);
        return inserted;
      });
      return {
        id: row.id,
        name: row.name,
        scopes: row.scopes.filter(isScope),
        token,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async list(sellerId: string): Promise<ApiToken[]> {
      return (await tokens.listActive(sellerId)).map(toApiToken);
    },

    async revoke(sellerId: string, id: string, client?: RequestClient): Promise<void> {
      if (!isUuid(id)) throw notFound('Token');
      await transaction(async (tx) => {
        if (!(await tokens.revoke(sellerId, id, tx))) throw notFound('Token');
        await activity.record(tx, sellerId, 'api_token_revoked', client);
      });
      touchedAt.delete(id);
    },

    /** The seller and scopes of an active token, or undefined. */
    async verify(token: string): Promise<VerifiedApiToken | undefined> {
      if (!token.startsWith(apiTokenPrefix)) return undefined;
      const row = await tokens.findActiveByHash(hashToken(token));
      if (!row) return undefined;
      const at = now();
      const last = touchedAt.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0;
      if (at.getTime() - last >= touchEveryMs) {
        touchedAt.set(row.id, at.getTime());
        // Bookkeeping only: a failed write must not fail the request.
        tokens.touch(row.id, at).catch(() => touchedAt.delete(row.id));
      }
      return { tokenId: row.id, sellerId: row.sellerId, scopes: row.scopes.filter(isScope) };
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;
