import { z } from 'zod';

/**
 * What a personal API token may do. A token reaches only the operations of its scopes; the
 * account itself (tokens, webhooks, password, two factors, profile, payout details) needs a
 * signed-in session.
 */
export const apiScopes = ['products:read', 'products:write', 'sales:read'] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeSchema = z.enum(apiScopes, { error: 'scopeInvalid' });

/** The prefix that makes a personal token recognisable (in logs, secret scanners). */
export const apiTokenPrefix = 'sc_';
