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

/** HS256 JWTs: `sub` is the seller id, `ver` the token version, `exp` in seconds. */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ sellerId, tokenVersion }) =>
      new SignJWT({ ver: tokenVersion, typ: 'seller' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sellerId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
        return { sellerId: payload.sub, tokenVersion: payload.ver };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
