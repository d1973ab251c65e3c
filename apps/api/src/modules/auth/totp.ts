import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, six
 * digits — what every authenticator app (Google Authenticator, Authy, 1Password…) computes.
 */

export const totpStepSeconds = 30;
export const totpDigits = 6;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += base32Alphabet[(value << (5 - bits)) & 31];
  return output;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const output: number[] = [];
  for (const character of clean) {
    const index = base32Alphabet.indexOf(character);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      output.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(output);
}

/** A new secret: 160 random bits, as RFC 4226 recommends, in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The code of one time step (RFC 4226 HOTP with the step as counter). */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** totpDigits).padStart(totpDigits, '0');
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / totpStepSeconds);

/**
 * The step whose code `code` is, within ±`drift` steps of now (clock drift of the phone), or
 * undefined. The caller refuses a step it has already accepted (no replay).
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  drift = 1,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const secret = base32Decode(secretBase32);
  const current = totpStep(nowMs);
  const given = Buffer.from(code);
  for (let offset = -drift; offset <= drift; offset++) {
    const step = current + offset;
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), given)) return step;
  }
  return undefined;
}

/** The `otpauth://` URI that authenticator apps read from the QR code. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(totpDigits),
    period: String(totpStepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
