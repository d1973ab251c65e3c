/**
 * The Chromium that the browser tests and the Lighthouse benchmark drive (Debian's package, or
 * `CHROMIUM_PATH`), and the flags both start it with: headless, no sandbox, and none of the
 * background traffic (updates, sync, QUIC) that would add noise to a page load.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
