import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, installMemoryStorage, type MemoryStorage } from '@/testing/memory-storage';
import {
  clearSession,
  decodeTokenPayload,
  getToken,
  isTokenExpired,
  sessionState,
  setToken,
  startSession,
  tokenExpiry,
} from './auth-token';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const nowSeconds = now / 1000;

describe('token decoding', () => {
  it('reads exp from the middle part (base64url JSON)', () => {
    const token = fakeToken({ sub: 'seller-1', exp: nowSeconds + 60, note: '한국어 ✓' });
    expect(tokenExpiry(token)).toBe(nowSeconds + 60);
    expect(decodeTokenPayload(token)).toMatchObject({ sub: 'seller-1', note: '한국어 ✓' });
  });

  it('treats garbage as undecodable', () => {
    for (const garbage of [
      '',
      'not-a-token',
      'a.b',
      'a.b.c.d',
      'header.%%%.sig',
      `x.${Buffer.from('not json').toString('base64url')}.y`,
      `x.${Buffer.from('[1,2]').toString('base64url')}.y`,
      `x.${Buffer.from('null').toString('base64url')}.y`,
      `x.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.y`,
    ]) {
      expect(decodeTokenPayload(garbage), garbage).toBeUndefined();
    }
  });
});

describe('token expiry (exp seconds × 1000 compared with now)', () => {
  it('is valid while exp is in the future', () => {
    expect(isTokenExpired(fakeToken({ exp: nowSeconds + 1 }), now)).toBe(false);
  });

  it('is expired when exp × 1000 equals now or is earlier', () => {
    expect(isTokenExpired(fakeToken({ exp: nowSeconds }), now)).toBe(true);
    expect(isTokenExpired(fakeToken({ exp: nowSeconds - 3600 }), now)).toBe(true);
  });

  it('counts undecodable tokens and tokens without a numeric exp as expired', () => {
    expect(isTokenExpired('garbage', now)).toBe(true);
    expect(isTokenExpired(fakeToken({ sub: 'x' }), now)).toBe(true);
    expect(isTokenExpired(fakeToken({ exp: String(nowSeconds + 60) }), now)).toBe(true);
  });
});

describe('session storage', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = installMemoryStorage();
  });

  it('keeps the token under "token" and the user type under "userType"', () => {
    startSession('abc');
    expect(storage.getItem('token')).toBe('abc');
    expect(storage.getItem('userType')).toBe('seller');
    setToken('def');
    expect(getToken()).toBe('def');
    clearSession();
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('userType')).toBeNull();
  });

  it('tells the guard whether the session is missing, expired or valid', () => {
    expect(sessionState(now)).toBe('missing');
    setToken(fakeToken({ exp: nowSeconds - 1 }));
    expect(sessionState(now)).toBe('expired');
    setToken('garbage');
    expect(sessionState(now)).toBe('expired');
    setToken(fakeToken({ exp: nowSeconds + 60 }));
    expect(sessionState(now)).toBe('valid');
  });
});
