import { base32Decode, hotp, totpStep, totpStepSeconds } from '../modules/auth/totp.ts';

/**
 * An authenticator app holding one secret (the setup key as the page shows it, spaces and
 * all): RFC 6238 codes, SHA-1, 30-second steps, six digits. The server accepts each time step
 * once and allows one step of clock drift, so each code is of a later step than the last one
 * given: the next step's code at once, or after waiting for the clock when that one was
 * already used. Used by the web app's tests and the browser tests.
 */
export function authenticator(setupKey: string) {
  const secret = base32Decode(setupKey.replace(/\s/g, ''));
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    async nextCode(): Promise<string> {
      const step = Math.max(totpStep(Date.now()), lastStep + 1);
      // A step more than one ahead of the server's clock is refused: wait for its time.
      const usableFrom = (step - 1) * totpStepSeconds * 1000;
      const wait = usableFrom - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
      lastStep = step;
      return hotp(secret, step);
    },
  };
}
