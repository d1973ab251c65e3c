import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// The seller center's own check, to prove that what the storefront signs is accepted.
import { verifyInternalSignature } from '../../../apps/api/src/lib/internal-signature.ts';
import { signatureFor } from './signing.js';

const secret = 'member-site-secret-member-site-secret';
const body = '{"orderId":"order-1","amount":15000}';

describe('signatureFor', () => {
  it('signs t + "." + the raw body with HMAC-SHA256, as the docs compute it with openssl', () => {
    // printf '%s.%s' 1767225600 "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex
    expect(signatureFor(secret, body, 1_767_225_600)).toBe(
      't=1767225600,v1=7a8e96387c6fad8ce8645e8ba908f67e348266c837674ac58ce846a74c83ffe0',
    );
  });

  it('signs now, in whole seconds, by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const [, t] = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(signatureFor(secret, body)) ?? [];
    expect(Number(t)).toBeGreaterThanOrEqual(before);
    expect(Number(t)).toBeLessThanOrEqual(before + 1);
  });

  it('is accepted by the seller center, bodies in Korean and Chinese included', () => {
    const now = Math.floor(Date.now() / 1000);
    for (const raw of [body, '{"customerEmail":"구매자@예시.한국","note":"你好"}', '']) {
      expect(verifyInternalSignature(secret, signatureFor(secret, raw, now), raw, now)).toBe(
        'valid',
      );
    }
  });

  it('is refused for other bytes than those signed, another key, or after five minutes', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureFor(secret, body, now);
    // The same JSON, serialised again with a space: other bytes, another signature.
    expect(
      verifyInternalSignature(secret, header, '{"orderId": "order-1","amount":15000}', now),
    ).toBe('mismatch');
    expect(verifyInternalSignature(`${secret}x`, header, body, now)).toBe('mismatch');
    expect(verifyInternalSignature(secret, header, body, now + 301)).toBe('expired');
  });

  it('computes the digest over UTF-8 bytes, as a server reading raw bytes does', () => {
    const raw = '{"title":"서울 여행 가이드"}';
    const expected = createHmac('sha256', secret)
      .update(Buffer.concat([Buffer.from('1767225600.'), Buffer.from(raw, 'utf8')]))
      .digest('hex');
    expect(signatureFor(secret, raw, 1_767_225_600)).toBe(`t=1767225600,v1=${expected}`);
  });
});
