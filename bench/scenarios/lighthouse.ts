/**
 * Lighthouse (performance category, its default mobile profile with simulated throttling) on
 * the production build served by the real server: `/login`, and `/` signed in. Debian's
 * Chromium is started once by chrome-launcher; for `/`, puppeteer-core connects to the same
 * browser, stores a valid session token in the origin's localStorage, and Lighthouse then runs
 * with `disableStorageReset` so that the token survives. Median score of N runs per page.
 *
 *   npx tsx bench/scenarios/lighthouse.ts [--quick] [--runs 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { chromiumFlags, chromiumPath } from '../../e2e/support/chromium.ts';
import {
  check,
  flag,
  isMain,
  median,
  option,
  root,
  round,
  type ScenarioOptions,
  type ScenarioResult,
} from '../lib/common.ts';
import { scratchDatabase, seedSeller, startSeededServer } from '../lib/seed.ts';

const lighthouseCli = path.join(root, 'node_modules/lighthouse/cli/index.js');

interface LighthouseReport {
  runtimeError?: { message: string };
  finalDisplayedUrl: string;
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/** The web app's session key in localStorage (apps/web/src/lib/auth-token.ts). */
const tokenKey = 'token';

export function ensureWebBuild() {
  if (existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

export async function lighthouseScenario({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  ensureWebBuild();
  const runs = Number(option('runs') ?? (quick ? 1 : 3));
  const scratch = await scratchDatabase('lighthouse');
  try {
    const { token } = await seedSeller(scratch, 20);
    const server = await startSeededServer(scratch);
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumFlags,
    });
    try {
      const audit = async (
        url: string,
        preset: 'mobile' | 'desktop',
        keepStorage: boolean,
      ): Promise<Run> => {
        // The CLI in a plain node process: run through tsx's loader, Lighthouse's trace
        // processing failed with NO_NAVSTART on this Chromium.
        const runCli = () =>
          spawnSync(
            process.execPath,
            [
              lighthouseCli,
              url,
              `--port=${chrome.port}`,
              '--output=json',
              '--quiet',
              '--only-categories=performance',
              ...(keepStorage ? ['--disable-storage-reset'] : []),
              ...(preset === 'desktop' ? ['--preset=desktop'] : []),
            ],
            { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
          );
        // On a busy machine Chromium now and then drops the trace's navigationStart
        // (NO_NAVSTART): that run is retried, up to three times.
        let cli = runCli();
        for (
          let attempt = 1;
          attempt < 3 && cli.status !== 0 && /NO_NAVSTART/.test(cli.stderr);
          attempt++
        ) {
          cli = runCli();
        }
        if (cli.status !== 0) throw new Error(`lighthouse failed: ${cli.stderr.slice(-2000)}`);
        const lhr = JSON.parse(cli.stdout) as LighthouseReport;
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
        if (lhr.finalDisplayedUrl !== url) {
          throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl} instead of ${url}`);
        }
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        return {
          score: round((lhr.categories.performance?.score ?? 0) * 100, 0),
          fcp: round(numeric('first-contentful-paint'), 0),
          lcp: round(numeric('largest-contentful-paint'), 0),
          tbt: round(numeric('total-blocking-time'), 0),
          cls: round(numeric('cumulative-layout-shift'), 3),
          si: round(numeric('speed-index'), 0),
        };
      };
      const signIn = async () => {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const page = await browser.newPage();
        await page.goto(`${server.base}/login`);
        await page.evaluate((key, value) => localStorage.setItem(key, value), tokenKey, token);
        await page.close();
        await browser.disconnect();
      };
      const signOut = async () => {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const page = await browser.newPage();
        await page.goto(`${server.base}/favicon.svg`);
        await page.evaluate(() => localStorage.clear());
        await page.close();
        await browser.disconnect();
      };

      const details: Record<string, Run[]> = {};
      const metrics: ScenarioResult['metrics'] = [];
      const pages: { label: string; path: string; signedIn: boolean }[] = [
        { label: '/login', path: '/login', signedIn: false },
        { label: '/ (signed in)', path: '/', signedIn: true },
      ];
      for (const preset of ['mobile', 'desktop'] as const) {
        for (const { label, path: pagePath, signedIn } of pages) {
          const results: Run[] = [];
          for (let i = 0; i < runs; i++) {
            if (signedIn) await signIn();
            else await signOut();
            results.push(await audit(`${server.base}${pagePath}`, preset, signedIn));
          }
          details[`${label} ${preset}`] = results;
          const score = median(results.map((run) => run.score));
          metrics.push({
            name: `${label} performance, ${preset}`,
            value: score,
            unit: 'score',
            ...(quick || preset === 'desktop' ? {} : check(score, '≥', 98)),
          });
        }
      }
      return {
        scenario: `Lighthouse ${lighthouseVersion()} on Chromium, median of ${runs}`,
        metrics,
        details,
      };
    } finally {
      chrome.kill();
      await server.stop();
    }
  } finally {
    await scratch.remove();
  }
}

function lighthouseVersion(): string {
  return (
    (
      JSON.parse(
        spawnSync('node', ['-p', "JSON.stringify(require('lighthouse/package.json'))"], {
          cwd: root,
          encoding: 'utf8',
        }).stdout || '{}',
      ) as { version?: string }
    ).version ?? ''
  );
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await lighthouseScenario({ quick: flag('quick') }), null, 2));
}
