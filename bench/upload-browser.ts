/**
 * A file uploaded the way a seller does it: the production web app in headless Chromium, the
 * product form (`/products/create`), the app's own uploader (5 MiB parts sliced from the file,
 * 4 in flight, the next part's URL asked for while a part is sent). Measured: the time from
 * "Create" to the form's success message (MB/s), and the tab's JS heap (Chrome's `JSHeapUsedSize`, sampled every
 * 100 ms) above its size before the upload: a heap that grows with the file would mean the app
 * reads it into memory instead of letting the browser stream slices from disk. And the cores
 * each of Chromium's processes, the server and Playwright's client kept busy meanwhile.
 *
 *   npx tsx bench/upload-browser.ts [--size-mib 1024]
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { tempDir as e2eTempDir, tinyPng, writeLargeFile } from '../e2e/support/files.ts';
import { isMain, option, round } from './lib/common.ts';
import { chromiumRole, processCpuSeconds, treeCpuSeconds } from './lib/process-cpu.ts';
import { scratchDatabase, seedSeller, startSeededServer } from './lib/seed.ts';
import { ensureWebBuild } from './scenarios/lighthouse.ts';

export interface BrowserUploadResult {
  sizeBytes: number;
  seconds: number;
  megabytesPerSecond: number;
  heap: { beforeMiB: number; peakMiB: number; growthMiB: number; samples: number };
  /**
   * Cores kept busy during the upload (CPU seconds ÷ its wall time), from /proc: Chromium's
   * processes by role (the browser process, its network service, the tab's renderer, …), the
   * server, and this process (Playwright's client).
   */
  cores: Record<string, number>;
}

/** CPU seconds so far of Chromium's processes (by role), the server and this process. */
function cpuNow(serverPid: number): Record<string, number> {
  return {
    ...treeCpuSeconds(process.pid, chromiumRole),
    server: processCpuSeconds(serverPid),
    benchmark: processCpuSeconds(process.pid),
  };
}

export async function uploadBrowser(sizeMiB: number): Promise<BrowserUploadResult> {
  ensureWebBuild();
  const sizeBytes = sizeMiB * 1024 * 1024;
  // Next to the server's data, on the same disk (not a tmpfs: see bench/upload-local.ts).
  const files = e2eTempDir();
  const file = path.join(files.dir, 'course-video.mp4');
  const scratch = await scratchDatabase('upload_browser');
  try {
    await writeLargeFile(file, sizeBytes);
    const { token } = await seedSeller(scratch, 0);
    const server = await startSeededServer(scratch);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    try {
      const context = await browser.newContext({ baseURL: server.base, locale: 'en-US' });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto('/login');
      await page.evaluate((value) => {
        window.localStorage.setItem('token', value);
        window.localStorage.setItem('userType', 'seller');
      }, token);
      await page.goto('/products/create');
      await page.getByLabel('Title').fill('Benchmark course');
      await page.getByLabel('Price (USD)').fill('25');
      await page.getByTestId('file-dropzone-input').setInputFiles(file);
      await page
        .getByTestId('thumbnail-dropzone-input')
        .setInputFiles([
          { name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(10, 120, 10) },
        ]);
      await page.getByTestId('pending-files').getByText('course-video.mp4').waitFor();

      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const heapBytes = async () => {
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
      };
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await heapBytes();
      let peak = before;
      let samples = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await heapBytes().catch(() => 0));
          samples++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();

      const cpuBefore = cpuNow(server.pid);
      const started = performance.now();
      await page.getByTestId('submit-product').click();
      await page.getByTestId('form-success').waitFor({ timeout: 600_000 });
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuNow(server.pid);
      const cores = Object.fromEntries(
        Object.entries(cpuAfter).map(([role, cpu]) => [
          role,
          round((cpu - (cpuBefore[role] ?? 0)) / seconds),
        ]),
      );
      sampling = false;
      await sampler;
      const mib = (bytes: number) => round(bytes / 2 ** 20, 1);
      return {
        sizeBytes,
        seconds: round(seconds, 2),
        megabytesPerSecond: round(sizeBytes / 1e6 / seconds),
        heap: {
          beforeMiB: mib(before),
          peakMiB: mib(peak),
          growthMiB: mib(peak - before),
          samples,
        },
        cores,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    files.remove();
    await scratch.remove();
  }
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await uploadBrowser(Number(option('size-mib') ?? 1024)), null, 2));
}
