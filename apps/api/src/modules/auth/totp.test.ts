import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII string "12345678901234567890".
const rfcSecret = Buffer.from('12345678901234567890');
const rfcVectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors (last six digits)', () => {
    for (const [seconds, eight] of rfcVectors) {
      expect(hotp(rfcSecret, Math.floor(seconds / 30))).toBe(eight.slice(2));
    }
  });

  it('base32 round-trips and decodes what authenticator apps show', () => {
    const bytes = Buffer.from('12345678901234567890');
    expect(base32Encode(bytes)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(bytes);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the code of now and of one step either side, and names the step', () => {
    const secret = base32Encode(rfcSecret);
    const now = 1111111111 * 1000;
    const step = Math.floor(1111111111 / 30);
    expect(matchTotp(secret, '050471', now)).toBe(step);
    expect(matchTotp(secret, hotp(rfcSecret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, hotp(rfcSecret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, hotp(rfcSecret, step + 2), now)).toBeUndefined();
    expect(matchTotp(secret, hotp(rfcSecret, step - 2), now)).toBeUndefined();
    expect(matchTotp(secret, '12345', now)).toBeUndefined();
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const text = otpauthUrl('JBSWY3DPEHPK3PXP', 'kim@example.com', 'Seller Center');
    expect(text.startsWith('otpauth://totp/Seller%20Center%3Akim%40example.com?')).toBe(true);
    const url = new URL(text);
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Seller Center');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
