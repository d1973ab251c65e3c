import {
  base32Decode,
  hotp,
  totpStep,
  totpStepSeconds,
} from '../../apps/api/src/modules/auth/totp.ts';

/** How long a code may take from being computed to reaching the server: typed, then sent. */
const typingMs = 2_000;

/**
 * An authenticator app holding one secret (the setup key as the page shows it, spaces and
 * all): RFC 6238 codes, SHA-1, 30-second steps, six digits, computed for the time `now` gives
 * rather than waited for.
 *
 * The server takes a code of its clock's step or of the step before or after it (clock drift),
 * each step once and each later than the last: `nextCode` gives the earliest step it will
 * still take once the code is typed, so that a test has three codes at once, and a further one
 * per step that passes. Asking for more than that is the test's mistake, reported at once.
 */
export function authenticator(setupKey: string, now: () => number = Date.now) {
  const secret = base32Decode(setupKey.replace(/\s/g, ''));
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    /** The code the app shows at `time` (milliseconds since the epoch). */
    codeAt(time: number): string {
      return hotp(secret, totpStep(time));
    },
    /** A code the server takes now and has not taken before. */
    nextCode(): string {
      const time = now();
      const step = Math.max(lastStep + 1, totpStep(time + typingMs) - 1);
      if (step > totpStep(time) + 1) {
        throw new Error(
          `no fresh code for the server before ${new Date((step - 1) * totpStepSeconds * 1000).toISOString()}: it takes three codes at once, then one per ${totpStepSeconds} s`,
        );
      }
      lastStep = step;
      return hotp(secret, step);
    },
  };
}
