import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

export interface AuthenticatedSeller {
  id: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    seller: AuthenticatedSeller | undefined;
  }
}

export interface AuthenticateOptions {
  tokens: TokenService;
  /**
   * The seller's current token version, or undefined when the seller no longer exists. It may
   * answer from a short cache when the version matches the token's (`claimedVersion`).
   */
  currentTokenVersion: (sellerId: string, claimedVersion: number) => Promise<number | undefined>;
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
      const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
      if (!match?.[1]) throw refused();
      const claims = await options.tokens.verify(match[1]);
      if (!claims) throw refused();
      const version = await options.currentTokenVersion(claims.sellerId, claims.tokenVersion);
      if (version === undefined || version !== claims.tokenVersion) throw refused();
      request.seller = { id: claims.sellerId };
    });
  },
  { name: 'authenticate' },
);
