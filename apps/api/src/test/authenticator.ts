import { base32Decode, hotp, totpStep, totpStepSeconds } from '../modules/auth/totp.ts';

/**
 * Time left in the current step under which the step before it is no longer offered: a code
 * of the previous step stops being accepted when the current one ends, and the page under
 * test must have sent it by then.
 */
const previousStepMarginMs = 10_000;

/**
 * An authenticator app holding one secret (the setup key as the page shows it, spaces and
 * all): RFC 6238 codes, SHA-1, 30-second steps, six digits, for the time `now` tells (the
 * system clock unless a test gives its own). The server accepts a step once, later than the
 * last one it accepted, and allows one step of clock drift either side, so three codes can be
 * used at any moment: the previous step's, the current one's and the next one's. `nextCode`
 * gives them in that order and never waits for the clock; past the next step it throws (move
 * the injected clock, or use fewer codes). Used by the web app's tests and the browser tests.
 */
export function authenticator(setupKey: string, now: () => number = Date.now) {
  const secret = base32Decode(setupKey.replace(/\s/g, ''));
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    /** The code of the step that holds `timeMs`. */
    codeAt(timeMs: number): string {
      return hotp(secret, totpStep(timeMs));
    },
    /** The code of the earliest step the server still accepts and has not been given yet. */
    nextCode(): string {
      const time = now();
      const current = totpStep(time);
      const leftInStep = (current + 1) * totpStepSeconds * 1000 - time;
      const earliest = leftInStep >= previousStepMarginMs ? current - 1 : current;
      const step = Math.max(earliest, lastStep + 1);
      if (step > current + 1) {
        throw new Error('Every code the server accepts at this time has been used');
      }
      lastStep = step;
      return hotp(secret, step);
    },
  };
}
