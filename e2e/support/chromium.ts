import { existsSync } from 'node:fs';

/**
 * The Chromium that the benchmarks drive (Lighthouse, the browser upload): Debian's full
 * browser (package `chromium`), or `CHROMIUM_PATH`. They measure what a seller's browser does.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The Chromium that the browser tests drive: Debian's headless shell (package
 * `chromium-headless-shell`, the same Chromium build in the headless mode Playwright runs by
 * default), which opens a page in about half the time and CPU of the full browser
 * (docs/decisions/039). Without it, the full browser; `CHROMIUM_PATH` chooses either.
 */
export const testChromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : chromiumPath);

/**
 * The flags both are started with: headless, no sandbox, and none of the background traffic
 * (updates, sync, QUIC) that would add noise to a page load.
 */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
