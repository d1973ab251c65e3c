import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the local driver's URLs: a base64url JSON payload binding everything the
 * request may do, and an HMAC-SHA256 of it. Nothing in them is secret; they cannot be
 * changed without the signing key.
 */
export type LocalGrant =
  /** `type`: the exact Content-Type the PUT must carry; '' accepts any. */
  | { op: 'put'; key: string; length: number; type: string; exp: number }
  /** `length`: the exact body length; without it any length up to `max`. */
  | {
      op: 'part';
      key: string;
      uploadId: string;
      part: number;
      length?: number;
      max?: number;
      exp: number;
    }
  | { op: 'get'; key: string; name: string; type: string; exp: number };

export type GrantCheck =
  | { ok: true; grant: LocalGrant }
  | { ok: false; reason: 'invalid' | 'expired' };

const context = 'seller-center/local-storage/v1';

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(context).update('\n').update(payload).digest();
}

export function signGrant(secret: string, grant: LocalGrant): string {
  const payload = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

function isGrant(value: unknown): value is LocalGrant {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const isCount = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (typeof v.key !== 'string' || !isCount(v.exp)) return false;
  switch (v.op) {
    case 'put':
      return isCount(v.length) && typeof v.type === 'string';
    case 'part':
      return (
        typeof v.uploadId === 'string' &&
        isCount(v.part) &&
        (isCount(v.length) || (v.length === undefined && isCount(v.max)))
      );
    case 'get':
      return typeof v.name === 'string' && typeof v.type === 'string';
    default:
      return false;
  }
}

/** Checks the signature in constant time, then the expiry (seconds since the epoch). */
export function verifyGrant(secret: string, token: string, nowMs: number = Date.now()): GrantCheck {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'invalid' };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  let grant: unknown;
  try {
    grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!isGrant(grant)) return { ok: false, reason: 'invalid' };
  if (grant.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

/** Verifies with the current key, then with retired ones (key rotation's grace period). */
export function verifyGrantWithAny(
  secrets: readonly string[],
  token: string,
  nowMs: number = Date.now(),
): GrantCheck {
  let result: GrantCheck = { ok: false, reason: 'invalid' };
  for (const secret of secrets) {
    result = verifyGrant(secret, token, nowMs);
    if (result.ok || result.reason === 'expired') return result;
  }
  return result;
}
