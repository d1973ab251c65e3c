import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signatureToleranceSeconds,
  signInternalRequest,
  verifyInternalSignature,
} from './internal-signature.ts';

const secret = 'internal-secret-internal-secret-0123456789';
const body = '{"krw":1390.5,"cny":7.21}';
const now = 1_800_000_000;

describe('internal request signatures', () => {
  it('signs as t=<seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signInternalRequest(secret, body, now)).toBe(`t=${now},v1=${expected}`);
    expect(signInternalRequest(secret, Buffer.from(body), now)).toBe(`t=${now},v1=${expected}`);
  });

  it('accepts its own signature, also with spaces and an extra unknown v1', () => {
    const header = signInternalRequest(secret, body, now);
    expect(verifyInternalSignature(secret, header, body, now)).toBe('valid');
    expect(verifyInternalSignature(secret, header, Buffer.from(body), now + 10)).toBe('valid');
    const [t, v1] = header.split(',');
    expect(verifyInternalSignature(secret, `${t}, v1=${'0'.repeat(64)}, ${v1}`, body, now)).toBe(
      'valid',
    );
  });

  it('accepts signatures within the tolerance either side', () => {
    const past = signInternalRequest(secret, body, now - signatureToleranceSeconds);
    const future = signInternalRequest(secret, body, now + signatureToleranceSeconds);
    expect(verifyInternalSignature(secret, past, body, now)).toBe('valid');
    expect(verifyInternalSignature(secret, future, body, now)).toBe('valid');
  });

  it('refuses stale and future signatures', () => {
    const stale = signInternalRequest(secret, body, now - signatureToleranceSeconds - 1);
    const future = signInternalRequest(secret, body, now + signatureToleranceSeconds + 1);
    expect(verifyInternalSignature(secret, stale, body, now)).toBe('expired');
    expect(verifyInternalSignature(secret, future, body, now)).toBe('expired');
  });

  it('refuses another secret, another body and another timestamp', () => {
    const header = signInternalRequest(secret, body, now);
    expect(verifyInternalSignature(`${secret}x`, header, body, now)).toBe('mismatch');
    expect(verifyInternalSignature(secret, header, body.replace('7.21', '9.99'), now)).toBe(
      'mismatch',
    );
    const moved = header.replace(`t=${now}`, `t=${now + 1}`);
    expect(verifyInternalSignature(secret, moved, body, now)).toBe('mismatch');
  });

  it.each([
    ['no header', undefined, 'missing'],
    ['an empty header', '', 'missing'],
    ['no timestamp', `v1=${'a'.repeat(64)}`, 'malformed'],
    ['no v1', `t=${now}`, 'malformed'],
    ['a non-numeric timestamp', `t=abc,v1=${'a'.repeat(64)}`, 'malformed'],
    ['a short v1', `t=${now},v1=abc`, 'mismatch'],
    ['a non-hex v1', `t=${now},v1=${'z'.repeat(64)}`, 'mismatch'],
    ['garbage', 'hello world', 'malformed'],
  ])('classifies %s', (_name, header, result) => {
    expect(verifyInternalSignature(secret, header, body, now)).toBe(result);
  });
});
