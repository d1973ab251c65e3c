import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'token-test-secret-token-test-secret-01';
const claims = { sellerId: '6f1c2a7e-0000-4000-8000-000000000001', tokenVersion: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe('token service', () => {
  it('verifies its own tokens, again and again', async () => {
    const tokens = createTokenService(secret, 3600);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T00:00:00Z'));
    const tokens = createTokenService(secret, 60);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-21T00:00:59.900Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-21T00:01:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses any altered copy of a token it has verified', async () => {
    const tokens = createTokenService(secret, 3600);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature = ''] = token.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeUndefined();
    const otherPayload = Buffer.from(
      JSON.stringify({ sub: claims.sellerId, ver: claims.tokenVersion + 1, exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${token}x`)).toBeUndefined();
  });

  it('refuses tokens signed with a key it does not hold', async () => {
    const ours = createTokenService(secret, 3600);
    const theirs = createTokenService('another-secret-another-secret-another-1', 3600);
    expect(await ours.verify(await theirs.issue(claims))).toBeUndefined();
  });
});
