import { createHmac } from 'node:crypto';

/**
 * The `X-Signature` header of a call to `/api/internal/*`:
 *
 *     t=<unix seconds>,v1=<hex HMAC-SHA256(INTERNAL_API_SECRET, t + "." + raw body)>
 *
 * Sign the exact string you send as the body (an empty string when there is none), never a
 * copy serialised again: the seller center checks the bytes it receives. A signature more than
 * five minutes away from the seller center's clock is refused, so sign each attempt anew.
 *
 * @param {string} secret The seller center's INTERNAL_API_SECRET.
 * @param {string} rawBody The body exactly as sent.
 * @param {number} [unixSeconds] The time of signing; now by default.
 * @returns {string}
 */
export function signatureFor(secret, rawBody, unixSeconds = Math.floor(Date.now() / 1000)) {
  const t = String(Math.trunc(unixSeconds));
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
