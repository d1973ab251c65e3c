import { base32Decode, hotp, totpStep, totpStepSeconds } from '../modules/auth/totp.ts';

/**
 * Time left in the current step under which the step before it is no longer offered: a code
 * of the previous step stops being accepted when the current one ends, and the page under
 * test must have sent it by then.
 */
const previousStepMarginMs = 10_000;

/** The time an authenticator reads, and how it waits for a later step. */
export interface AuthenticatorClock {
  now(): number;
  /**
   * Waits `ms` of this clock's time. Without it, asking for a code when every code the server
   * accepts has been given throws instead of waiting for the next step.
   */
  sleep?(ms: number): Promise<void>;
}

const systemClock: AuthenticatorClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * An authenticator app holding one secret (the setup key as the page shows it, spaces and
 * all): RFC 6238 codes, SHA-1, 30-second steps, six digits, for the time its clock tells (the
 * system clock unless a test gives its own). The server accepts a step once, later than the
 * last one it accepted, and allows one step of clock drift either side, so three codes can be
 * used at any moment: the previous step's, the current one's and the next one's. `nextCode`
 * gives them in that order; past the next step it waits for the clock to reach the next step,
 * as a person with the app would (at most one step), or throws when the clock cannot wait.
 * Used by the web app's tests and the browser tests.
 */
export function authenticator(setupKey: string, clock: AuthenticatorClock = systemClock) {
  const secret = base32Decode(setupKey.replace(/\s/g, ''));
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    /** The code of the step that holds `timeMs`. */
    codeAt(timeMs: number): string {
      return hotp(secret, totpStep(timeMs));
    },
    /** The code of the earliest step the server still accepts and has not been given yet. */
    async nextCode(): Promise<string> {
      for (;;) {
        const time = clock.now();
        const current = totpStep(time);
        const stepEnd = (current + 1) * totpStepSeconds * 1000;
        const earliest = stepEnd - time >= previousStepMarginMs ? current - 1 : current;
        const step = Math.max(earliest, lastStep + 1);
        if (step <= current + 1) {
          lastStep = step;
          return hotp(secret, step);
        }
        if (!clock.sleep) {
          throw new Error('Every code the server accepts at this time has been used');
        }
        // A little past the boundary, so that the server's clock is surely in the next step.
        await clock.sleep(stepEnd - time + 250);
      }
    },
  };
}
