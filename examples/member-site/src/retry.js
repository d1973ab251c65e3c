/**
 * Sending a call again when the seller center could not answer it, with exponential backoff.
 *
 * Which failures may be retried depends on the call:
 *
 * - `idempotent`: calls that the seller center records once per id of ours (a purchase per
 *   `orderId`, a refund per `refundId`, a payout per `payoutId`, a discount code's held use per
 *   `orderId`), that set a value (the exchange rate), free something (a held use) or only read
 *   (a code's check). Sending one twice does no harm, so every network error, every 5xx and a
 *   429 are retried.
 * - `countsEachCall`: calls whose every success counts (a delivery counts one download). A
 *   retry after the request may have reached the seller center could count twice, so only
 *   failures that prove nothing was done are retried: the connection was refused, or the
 *   seller center answered 429 `rate_limited` or 503 `service_unavailable`.
 *
 * @typedef {object} RetryPolicy
 * @property {(status: number) => boolean} retryStatus
 * @property {(error: unknown) => boolean} retryError
 */

/** @type {RetryPolicy} */
export const idempotent = {
  retryStatus: (status) => status >= 500 || status === 429,
  retryError: () => true,
};

/** @type {RetryPolicy} */
export const countsEachCall = {
  retryStatus: (status) => status === 503 || status === 429,
  retryError: (error) => networkErrorCode(error) === 'ECONNREFUSED',
};

/**
 * @typedef {object} RetryOptions
 * @property {RetryPolicy} policy
 * @property {number} [attempts] Attempts in all, the first included.
 * @property {number} [baseDelayMs] The wait before the second attempt; it doubles each time.
 * @property {number} [maxDelayMs] The longest wait; a `Retry-After` longer than it ends the retries.
 * @property {(ms: number) => Promise<void>} [sleep]
 * @property {() => number} [random] Spreads the waits of many clients apart (jitter).
 */

/**
 * Calls `send` until it answers something not to retry, or the attempts run out. Answers the
 * last response; throws the last network error when no attempt got a response.
 *
 * @param {() => Promise<Response>} send Sends the request once (sign it inside: each attempt
 *   needs a fresh timestamp).
 * @param {RetryOptions} options
 * @returns {Promise<Response>}
 */
export async function withRetries(send, options) {
  const {
    policy,
    attempts = 4,
    baseDelayMs = 250,
    maxDelayMs = 4000,
    sleep = wait,
    random = Math.random,
  } = options;
  for (let attempt = 1; ; attempt += 1) {
    /** @type {Response | undefined} */
    let response;
    try {
      response = await send();
    } catch (error) {
      if (attempt >= attempts || !policy.retryError(error)) throw error;
    }
    if (response && (attempt >= attempts || !policy.retryStatus(response.status))) return response;

    let delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    delay = delay / 2 + (random() * delay) / 2;
    const retryAfter = Number(response?.headers.get('retry-after'));
    if (retryAfter > 0) {
      // Asked to wait longer than a buyer should: answer now, the caller tells them.
      if (response && retryAfter * 1000 > maxDelayMs) return response;
      delay = retryAfter * 1000;
    }
    // The answer of a failed attempt is not read: release its connection.
    await response?.body?.cancel();
    await sleep(delay);
  }
}

/**
 * The system error under a failed `fetch` (`ECONNREFUSED`, `ECONNRESET`…), if any.
 *
 * @param {unknown} error
 * @returns {string | undefined}
 */
export function networkErrorCode(error) {
  if (!(error instanceof Error)) return undefined;
  const cause = /** @type {{ code?: unknown } | undefined} */ (error.cause);
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** @param {number} ms */
function wait(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
