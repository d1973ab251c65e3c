/**
 * The one way the web app tries a request again: the API client's calls and the uploader's
 * requests (signatures, parts, completions) both go through `withRetry`, each with its own
 * rules of what is worth another attempt and how long to wait.
 */

export interface BackoffOptions {
  /** Delay before the first retry. */
  baseMs: number;
  /** Longest delay between two attempts. */
  maxMs: number;
  /** 0 to 1: how much of each delay is randomised, so that parallel parts do not retry in step. */
  jitter: number;
}

/** The uploads' back-off: about 0.5 s, 1 s, 2 s, 4 s, 8 s, 16 s, then 20 s. */
export const defaultBackoff: BackoffOptions = { baseMs: 500, maxMs: 20_000, jitter: 0.3 };

/** Attempts per upload request before the upload is reported as failed. */
export const defaultMaxAttempts = 6;

/**
 * Delay before retry number `attempt` (0 = first retry): base × 2^attempt, capped, minus up
 * to `jitter` of it at random.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = defaultBackoff,
  random: () => number = Math.random,
): number {
  const capped = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(capped * (1 - options.jitter * random()));
}

export function abortError(): DOMException {
  return new DOMException('The request was cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

/** Waits `ms`, or rejects at once with an AbortError when `signal` is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions {
  /** Attempts in all, the first included (6). */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** Whether a failed attempt is worth another one (an abort never is). */
  shouldRetry: (error: unknown) => boolean;
  signal?: AbortSignal;
  /** Waits between attempts; injectable so that tests need not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Resolves when the browser is back online (a lost network does not use up attempts). */
  waitForNetwork?: (signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /**
   * Told each time a failed attempt is going to be tried again, before the back-off: the
   * number of the coming attempt (2 for the first retry) and how many are allowed.
   */
  onRetry?: (next: { attempt: number; maxAttempts: number; error: unknown }) => void;
}

/**
 * Runs `attempt` until it succeeds, fails with an error not worth retrying, fails for the last
 * time, or is aborted; answers its result or throws its last error (an AbortError when aborted).
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  const wait = options.sleep ?? sleep;
  for (let attemptNumber = 0; ; attemptNumber++) {
    if (options.signal?.aborted) throw abortError();
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (isAbortError(error)) throw error;
      if (options.signal?.aborted) throw abortError();
      if (attemptNumber + 1 >= maxAttempts || !options.shouldRetry(error)) throw error;
      options.onRetry?.({ attempt: attemptNumber + 2, maxAttempts, error });
      await options.waitForNetwork?.(options.signal);
      await wait(
        backoffDelay(attemptNumber, options.backoff ?? defaultBackoff, options.random),
        options.signal,
      );
    }
  }
}
