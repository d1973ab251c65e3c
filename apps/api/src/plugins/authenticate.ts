import { type ApiScope, apiTokenPrefix } from '@seller/contract/api-scopes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../lib/rate-limiter.ts';

export interface AuthenticatedSeller {
  id: string;
  /** A signed-in session, or a personal API token (limited to its scopes). */
  via: 'session' | 'api-token';
  /** The signed-in session; absent for API tokens and for session tokens from before sessions. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    seller: AuthenticatedSeller | undefined;
  }
}

/**
 * What the plugin needs of the session tokens: the auth module's token service provides it
 * (app.ts passes it in), so this plugin depends on no module.
 */
export interface TokenVerifier {
  /** The claims of a valid, unexpired token; undefined otherwise. */
  verify(
    token: string,
  ): Promise<{ sellerId: string; tokenVersion: number; sessionId?: string } | undefined>;
}

/** What the plugin needs of personal API tokens (the api-tokens module provides it). */
export interface ApiTokenVerifier {
  verify(
    token: string,
  ): Promise<{ tokenId: string; sellerId: string; scopes: readonly ApiScope[] } | undefined>;
}

export interface AuthenticateOptions {
  tokens: TokenVerifier;
  apiTokens: ApiTokenVerifier;
  /** Requests per personal API token (429 past it). */
  apiTokenThrottle: { limiter: RateLimiter; rule: RateLimitRule };
  /**
   * The seller's current token version, or undefined when the seller no longer exists. It may
   * answer from a short cache when the version matches the token's (`claimedVersion`).
   */
  currentTokenVersion: (sellerId: string, claimedVersion: number) => Promise<number | undefined>;
  /**
   * Whether the session of a token is still signed in and the token's version current. Read
   * from the database on every request, never from a cache: a session signed out on any server
   * copy is refused from its next request.
   */
  sessionAccepts: (sellerId: string, sessionId: string, claimedVersion: number) => Promise<boolean>;
}

const unauthorized = () => new AppError('unauthorized', 'Sign in to continue');

/** The challenge of a 401 for a token that was sent but refused (RFC 6750, section 3.1). */
const invalidTokenChallenge = 'Bearer realm="seller-center", error="invalid_token"';

export const authenticatePlugin = fp<AuthenticateOptions>(
  async (app, options) => {
    app.decorateRequest('seller', undefined);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      // Without a bearer token the error handler's plain `Bearer` challenge applies.
      if (header === undefined || !/^Bearer\s/i.test(header)) throw unauthorized();
      const refused = () => {
        reply.header('www-authenticate', invalidTokenChallenge);
        return unauthorized();
      };
      // The scheme's name is case-insensitive (RFC 9110, section 11.1), the token is not.
      const match = /^Bearer ([A-Za-z0-9_\-.]+)$/i.exec(header);
      if (!match?.[1]) throw refused();
      if (match[1].startsWith(apiTokenPrefix)) {
        const token = await options.apiTokens.verify(match[1]);
        if (!token) throw refused();
        const scope = request.routeOptions.schema?.apiScope ?? null;
        if (scope === null || !token.scopes.includes(scope)) {
          reply.header(
            'www-authenticate',
            `Bearer realm="seller-center", error="insufficient_scope"${scope ? `, scope="${scope}"` : ''}`,
          );
          throw new AppError(
            'insufficient_scope',
            scope === null
              ? 'This call needs a signed-in session; API tokens cannot make it'
              : `This API token lacks the ${scope} scope`,
          );
        }
        const { limiter, rule } = options.apiTokenThrottle;
        await limiter.consume(rule, token.tokenId);
        request.seller = { id: token.sellerId, via: 'api-token' };
        return;
      }
      const claims = await options.tokens.verify(match[1]);
      if (!claims) throw refused();
      const { sellerId, tokenVersion, sessionId } = claims;
      if (sessionId === undefined) {
        // A token issued before sessions were kept: its version alone decides, until it expires.
        const version = await options.currentTokenVersion(sellerId, tokenVersion);
        if (version === undefined || version !== tokenVersion) throw refused();
        request.seller = { id: sellerId, via: 'session' };
        return;
      }
      if (!(await options.sessionAccepts(sellerId, sessionId, tokenVersion))) throw refused();
      request.seller = { id: sellerId, via: 'session', sessionId };
    });
  },
  { name: 'authenticate' },
);
