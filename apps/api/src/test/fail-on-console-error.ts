import { afterAll, afterEach, vi } from 'vitest';

/** A `console.error` during a test is a bug the test did not notice: fail it. */
const calls: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args);
});

/**
 * A timer asked for longer than Node can wait (2^31-1 ms) fires after 1 ms instead, and one
 * that re-arms itself turns into a busy loop: fail the test it happened in (or the file, when
 * it comes after the last test). PGlite's PostgreSQL does this when the process's clock is
 * moved under it: tests move the app's `clock`, never `Date`, while a database is open.
 */
const overflows: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === 'TimeoutOverflowWarning') overflows.push(warning.message);
};
process.on('warning', onWarning);

function failOnOverflow() {
  if (overflows.length > 0) {
    const first = overflows[0];
    const count = overflows.length;
    overflows.length = 0;
    throw new Error(`${count} timer(s) set beyond what Node can wait, first: ${first}`);
  }
}

afterEach(() => {
  if (calls.length > 0) {
    const logged = calls.map((args) => args.map(String).join(' ')).join('\n');
    calls.length = 0;
    throw new Error(`console.error was called during the test:\n${logged}`);
  }
  failOnOverflow();
});

afterAll(() => {
  process.off('warning', onWarning);
  failOnOverflow();
});
