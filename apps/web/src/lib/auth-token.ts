import { userType } from '@seller/contract/user-type';

/** Local storage keys of the session. */
export const tokenKey = 'token';
export const userTypeKey = 'userType';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then behaves as signed out.
    return undefined;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(tokenKey) ?? null;
}

export function setToken(token: string): void {
  storage()?.setItem(tokenKey, token);
}

/** Stores a fresh session: the token and the user type ('seller'). */
export function startSession(token: string): void {
  const store = storage();
  store?.setItem(tokenKey, token);
  store?.setItem(userTypeKey, userType);
}

/** Forgets the session: token and user type. */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(tokenKey);
  store?.removeItem(userTypeKey);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads the payload (middle part) of a JWT without checking its signature: the browser only
 * needs `exp` to decide whether to show guarded pages; the server verifies every call.
 */
export function decodeTokenPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
    return payload as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The `exp` claim in seconds, or undefined when the token cannot be decoded or has none. */
export function tokenExpiry(token: string): number | undefined {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

/** Expired when `exp × 1000` is not later than now; an undecodable token counts as expired. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp === undefined || exp * 1000 <= now;
}

export type SessionState = 'missing' | 'expired' | 'valid';

/** What the access guard needs to know about the stored token. */
export function sessionState(now: number = Date.now()): SessionState {
  const token = getToken();
  if (!token) return 'missing';
  return isTokenExpired(token, now) ? 'expired' : 'valid';
}
