import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sellerId: string;
  tokenVersion: number;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed with our key; undefined otherwise. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

const keyId = (secret: string) =>
  createHash('sha256').update(secret).digest('base64url').slice(0, 12);

/**
 * HS256 JWTs: `sub` is the seller id, `ver` the token version, `exp` in seconds. Tokens are
 * signed with the current secret; retired secrets (`previousSecrets`) still verify the tokens
 * they signed, so a key can be rotated without signing every seller out.
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
  return {
    issue: ({ sellerId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion, typ: 'seller' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: currentKeyId })
        .setSubject(sellerId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => (header.kid ? keysById.get(header.kid) : undefined) ?? key,
          { algorithms: ['HS256'] },
        );
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
        return { sellerId: payload.sub, tokenVersion: payload.ver };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
