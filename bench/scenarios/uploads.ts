/**
 * Uploads: a file through the local driver's multipart path over HTTP (4 parts in flight) vs a
 * raw `dd conv=fsync` write on the same disk, and the server's peak RSS growth
 * (bench/upload-local.ts); then the same file through the real web app in headless Chromium,
 * the product form and the app's own uploader, against that raw HTTP client, and the tab's JS
 * heap (bench/upload-browser.ts). Both scripts also run alone.
 *
 *   npx tsx bench/scenarios/uploads.ts [--quick] [--size-mib 1024]
 */

import {
  check,
  flag,
  isMain,
  option,
  round,
  type ScenarioOptions,
  type ScenarioResult,
} from '../lib/common.ts';
import { uploadBrowser } from '../upload-browser.ts';
import { uploadLocal } from '../upload-local.ts';

const coreLabels: Record<string, string> = {
  server: 'the server',
  benchmark: "Playwright's client (this process)",
};

export async function uploads({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const sizeMiB = Number(option('size-mib') ?? (quick ? 64 : 1024));
  const result = await uploadLocal(sizeMiB, { quiet: true });
  const browser = await uploadBrowser(sizeMiB);
  const chromiumCores = round(
    Object.entries(browser.cores)
      .filter(([role]) => !(role in coreLabels))
      .reduce((sum, [, cores]) => sum + cores, 0),
  );
  const browserRatio =
    Math.round((100 * browser.megabytesPerSecond) / result.upload.megabytesPerSecond) / 100;
  return {
    scenario: `uploads (${sizeMiB} MiB, local driver, ${result.database})`,
    metrics: [
      { name: 'multipart upload', value: result.upload.megabytesPerSecond, unit: 'MB/s' },
      { name: 'dd conv=fsync, same disk', value: result.dd.megabytesPerSecond, unit: 'MB/s' },
      {
        name: 'upload ÷ dd',
        value: result.ratio,
        unit: '×',
        ...(quick ? {} : check(result.ratio, '≥', 0.8)),
      },
      {
        name: 'server peak RSS growth',
        value: result.serverRss.growthMiB,
        unit: 'MiB',
        ...(quick ? {} : check(result.serverRss.growthMiB, '<', 150)),
      },
      {
        name: 'web app in Chromium (product form, its uploader)',
        value: browser.megabytesPerSecond,
        unit: 'MB/s',
      },
      {
        name: 'web app ÷ raw HTTP client',
        value: browserRatio,
        unit: '×',
        ...(quick ? {} : check(browserRatio, '≥', 0.8)),
      },
      {
        name: "tab's JS heap growth during the upload",
        value: browser.heap.growthMiB,
        unit: 'MiB',
        ...(quick ? {} : check(browser.heap.growthMiB, '<', 32)),
      },
      // Where the two cores went during the web app's upload (context for its ratio).
      {
        name: 'web app upload, cores busy: Chromium, all its processes',
        value: chromiumCores,
        unit: 'cores',
      },
      ...Object.entries(browser.cores).map(([role, cores]) => ({
        name: `web app upload, cores busy: ${coreLabels[role] ?? `Chromium ${role}`}`,
        value: cores,
        unit: 'cores',
      })),
    ],
    details: { ...result, browser },
  };
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await uploads({ quick: flag('quick') }), null, 2));
}
