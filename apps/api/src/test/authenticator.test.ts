import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpStep } from '../modules/auth/totp.ts';
import { authenticator } from './authenticator.ts';

// A moment 2 s into a 30-second step, and one 2 s before the step ends.
const stepStart = Date.UTC(2026, 10, 24, 9, 0, 0);
const early = stepStart + 2_000;
const late = stepStart + 28_000;

/** The step the server finds a code of, at `timeMs`, with its one step of drift. */
const stepOf = (secret: string, code: string, timeMs: number) => matchTotp(secret, code, timeMs);

describe('the test authenticator', () => {
  it('gives the three codes the server accepts at once, in the order it accepts them', async () => {
    const secret = newTotpSecret();
    const app = authenticator(secret.replace(/(.{4})/g, '$1 '), { now: () => early });
    const current = totpStep(early);
    const steps = [];
    for (let index = 0; index < 3; index++) {
      steps.push(stepOf(secret, await app.nextCode(), early));
    }
    expect(steps).toEqual([current - 1, current, current + 1]);
    await expect(app.nextCode()).rejects.toThrow('has been used');
  });

  it('starts at the current step when the previous one is about to stop being accepted', async () => {
    const secret = newTotpSecret();
    const app = authenticator(secret, { now: () => late });
    expect(stepOf(secret, await app.nextCode(), late)).toBe(totpStep(late));
  });

  it('follows the clock it is given', async () => {
    const secret = newTotpSecret();
    let now = early;
    const app = authenticator(secret, { now: () => now });
    for (let index = 0; index < 3; index++) await app.nextCode();
    now += 30_000;
    expect(stepOf(secret, await app.nextCode(), now)).toBe(totpStep(now) + 1);
    expect(app.codeAt(stepStart)).toBe(app.codeAt(stepStart + 29_999));
    expect(app.codeAt(stepStart)).not.toBe(app.codeAt(stepStart + 30_000));
  });

  it('waits for the next step when every code the server accepts has been given', async () => {
    const secret = newTotpSecret();
    let now = early;
    const waits: number[] = [];
    const app = authenticator(secret, {
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    for (let index = 0; index < 3; index++) await app.nextCode();
    const fourth = await app.nextCode();
    expect(waits).toEqual([stepStart + 30_000 - early + 250]);
    expect(stepOf(secret, fourth, now)).toBe(totpStep(early) + 2);
  });
});
