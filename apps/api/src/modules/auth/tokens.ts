import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sellerId: string;
  tokenVersion: number;
  /**
   * The signed-in session (`sid`) the token belongs to. Tokens issued before sessions were kept
   * have none: they are checked by their version alone until they expire.
   */
  sessionId?: string;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed with our key; undefined otherwise. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

/** Verified tokens remembered; the oldest are forgotten first. */
const verifiedTokensKept = 10_000;

const keyId = (secret: string) =>
  createHash('sha256').update(secret).digest('base64url').slice(0, 12);

/**
 * HS256 JWTs: `sub` is the seller id, `ver` the token version, `sid` the session, `exp` in seconds. Tokens are
 * signed with the current secret; retired secrets (`previousSecrets`) still verify the tokens
 * they signed, so a key can be rotated without signing every seller out.
 *
 * A token that verified is remembered with its claims until it expires: the same string was
 * signed by the same keys (which only change with a restart), so checking its signature again
 * on every request of a session would give the same answer. Whether its version is still
 * current is checked by the caller on every request.
 */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  previousSecrets: readonly string[] = [],
): TokenService {
  const encoder = new TextEncoder();
  const key = encoder.encode(secret);
  const keysById = new Map(
    [secret, ...previousSecrets].map((value) => [keyId(value), encoder.encode(value)] as const),
  );
  const currentKeyId = keyId(secret);
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();

  const remember = (token: string, claims: TokenClaims, expiresAtMs: number) => {
    if (verified.size >= verifiedTokensKept) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { ...claims, expiresAtMs });
  };

  return {
    issue: ({ sellerId, tokenVersion, sessionId }) =>
      new SignJWT({ ver: tokenVersion, typ: 'seller', ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: currentKeyId })
        .setSubject(sellerId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) {
          const { expiresAtMs: _, ...claims } = known;
          return claims;
        }
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => (header.kid ? keysById.get(header.kid) : undefined) ?? key,
          { algorithms: ['HS256'] },
        );
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return undefined;
        const claims: TokenClaims = {
          sellerId: payload.sub,
          tokenVersion: payload.ver,
          ...(payload.sid ? { sessionId: payload.sid } : {}),
        };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
