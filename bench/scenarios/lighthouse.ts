/**
 * Lighthouse (performance category, its default mobile profile with simulated throttling) on
 * the production build served by the real server: `/login`, and every signed-in screen (the
 * dashboard, the product list, a product, the product form, sales and a sale, settlement,
 * profile, payouts, customers and a buyer, discounts, analytics, the security, account and
 * developer settings) of a seller with the data of a shop in use (bench/lib/web-shop.ts: 50
 * products with their covers, 5,000 sales and their buyers). Debian's Chromium is started once by chrome-launcher; for a signed-in page,
 * puppeteer-core connects to the same browser, stores a valid session token in the origin's
 * localStorage, and Lighthouse then runs with `disableStorageReset` so that the token survives.
 * Median score of N runs per page, mobile; with `--desktop`, desktop for `/login` and `/` too.
 * First, the host's own anchor: a static page of a few bytes from a bare HTTP server, audited
 * the same way. What Lighthouse makes of it is Chromium's own cost on this host (the app's code
 * plays no part), read beside the pages' scores the way hello-world is read beside the API's.
 *
 *   npx tsx bench/scenarios/lighthouse.ts [--quick] [--runs 3] [--pages /sales,/profile] [--desktop]
 *     (`--pages`: each path with the pages under it; `/` the dashboard alone)
 *     [--reports DIR]   (each run's full Lighthouse report, its trace and DevTools log)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import { adoptGroup, runGroup } from '../lib/processes.ts';
import { scratchDatabase, seedSeller, startSeededServer } from '../lib/seed.ts';
import { seedWebShop } from '../lib/web-shop.ts';

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
  /** Main-thread work, all of it, on the simulated slower CPU. */
  mainThread: number;
}

/**
 * Whether `--pages` asks for the page of `label` ("/sales/{id}", "/ (signed in)"): a path asks
 * for its own page and those under it (`/products` for the list, a product and the form; `/`
 * for the dashboard alone).
 */
export function isPageAsked(label: string, asked: readonly string[]): boolean {
  const pagePath = label.split(' ')[0] ?? label;
  return asked.some(
    (page) =>
      pagePath === page || (page !== '/' && pagePath.startsWith(`${page.replace(/\/$/, '')}/`)),
  );
}

/** A page with nothing to load, fetch or run: only Chromium's own work is left to measure. */
const staticPage =
  '<!doctype html><html lang="en"><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Static page</title><p>A static page.</p></html>';

/** A bare server answering every path with `staticPage`; resolves to its address. */
export async function startStaticServer() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(staticPage);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    // Chromium keeps sockets open to it (idle ones, and ones it opened ahead of a request that
    // never came); `close` alone waits for those until the server's timeouts end them, minutes.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function lighthouseScenario({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  ensureWebBuild();
  const runs = Number(option('runs') ?? (quick ? 1 : 3));
  const scratch = await scratchDatabase('lighthouse');
  try {
    const { token } = await seedSeller(scratch, 0);
    const timeZone = 'Asia/Seoul';
    const server = await startSeededServer(scratch, { TIME_ZONE: timeZone });
    let chrome: chromeLauncher.LaunchedChrome | undefined;
    try {
      const seeding = performance.now();
      const shop = await seedWebShop(server.base, token, scratch.databaseUrl, {
        products: quick ? 5 : 50,
        sales: quick ? 500 : 5000,
        timeZone,
      });
      console.log(`  shop seeded in ${round((performance.now() - seeding) / 1000, 1)} s`);
      chrome = await chromeLauncher.launch({
        chromePath: chromiumPath,
        chromeFlags: chromiumFlags,
      });
      adoptGroup(chrome.pid);
      const port = chrome.port;
      const audit = async (
        url: string,
        preset: 'mobile' | 'desktop',
        keepStorage: boolean,
      ): Promise<Run> => {
        // --reports DIR: each report is written there, with its trace and DevTools log beside
        // it (Lighthouse's --save-assets), to open in Chrome's Performance panel.
        const reports = option('reports');
        const reportFile = reports
          ? path.join(
              reports,
              `${preset}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`,
            )
          : undefined;
        if (reports) mkdirSync(reports, { recursive: true });
        // The CLI in a plain node process: run through tsx's loader, Lighthouse's trace
        // processing failed with NO_NAVSTART on this Chromium.
        const runCli = () =>
          runGroup(
            process.execPath,
            [
              lighthouseCli,
              url,
              `--port=${port}`,
              '--output=json',
              '--quiet',
              '--only-categories=performance',
              ...(reportFile ? [`--output-path=${reportFile}`, '--save-assets'] : []),
              ...(keepStorage ? ['--disable-storage-reset'] : []),
              ...(preset === 'desktop' ? ['--preset=desktop'] : []),
            ],
            { cwd: root },
          );
        // On a busy machine Chromium now and then drops the trace's navigationStart
        // (NO_NAVSTART): that run is retried, up to three times.
        let cli = await runCli();
        for (
          let attempt = 1;
          attempt < 3 && cli.status !== 0 && /NO_NAVSTART/.test(cli.stderr);
          attempt++
        ) {
          cli = await runCli();
        }
        if (cli.status !== 0) throw new Error(`lighthouse failed: ${cli.stderr.slice(-2000)}`);
        const lhr = JSON.parse(
          reportFile ? readFileSync(reportFile, 'utf8') : cli.stdout,
        ) as LighthouseReport;
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
          mainThread: round(numeric('mainthread-work-breakdown'), 0),
        };
      };
      const signIn = async () => {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
        const page = await browser.newPage();
        await page.goto(`${server.base}/login`);
        await page.evaluate((key, value) => localStorage.setItem(key, value), tokenKey, token);
        await page.close();
        await browser.disconnect();
      };
      const signOut = async () => {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
        const page = await browser.newPage();
        await page.goto(`${server.base}/favicon.svg`);
        await page.evaluate(() => localStorage.clear());
        await page.close();
        await browser.disconnect();
      };

      const details: Record<string, Run[]> = {};
      const metrics: ScenarioResult['metrics'] = [];
      const productId = shop.productIds[0] ?? '';
      const pages: { label: string; path: string; signedIn: boolean; desktop: boolean }[] = [
        { label: '/login', path: '/login', signedIn: false, desktop: true },
        { label: '/ (signed in)', path: '/', signedIn: true, desktop: true },
        { label: '/products', path: '/products', signedIn: true, desktop: false },
        { label: '/products/{id}', path: `/products/${productId}`, signedIn: true, desktop: false },
        { label: '/products/create', path: '/products/create', signedIn: true, desktop: false },
        { label: '/sales', path: '/sales', signedIn: true, desktop: false },
        { label: '/settlement', path: '/settlement', signedIn: true, desktop: false },
        { label: '/profile', path: '/profile', signedIn: true, desktop: false },
        { label: '/sales/{id}', path: `/sales/${shop.saleId}`, signedIn: true, desktop: false },
        { label: '/payouts', path: '/payouts', signedIn: true, desktop: false },
        { label: '/customers', path: '/customers', signedIn: true, desktop: false },
        {
          label: '/customers/{id}',
          path: `/customers/${shop.customerId}`,
          signedIn: true,
          desktop: false,
        },
        { label: '/discounts', path: '/discounts', signedIn: true, desktop: false },
        { label: '/analytics', path: '/analytics', signedIn: true, desktop: false },
        { label: '/settings/security', path: '/settings/security', signedIn: true, desktop: false },
        { label: '/settings/account', path: '/settings/account', signedIn: true, desktop: false },
        {
          label: '/settings/developer',
          path: '/settings/developer',
          signedIn: true,
          desktop: false,
        },
      ].filter(({ label }) => {
        // The smoke run checks that both paths work (a visitor's page and a signed-in one).
        const only = option('pages')?.split(',') ?? (quick ? ['/login', '/products/{id}'] : null);
        return !only || isPageAsked(label, only);
      });
      // The host's anchor, before any signed-in page (nothing to sign in to).
      const anchor = await startStaticServer();
      const anchorRuns: Run[] = [];
      try {
        for (let i = 0; i < runs; i++) anchorRuns.push(await audit(anchor.url, 'mobile', false));
      } finally {
        await anchor.close();
      }
      details['static page (host anchor) mobile'] = anchorRuns;
      metrics.push(
        {
          name: 'a static page (the host): first contentful paint, mobile',
          value: median(anchorRuns.map((run) => run.fcp)),
          unit: 'ms',
        },
        {
          name: 'a static page (the host): main-thread work, mobile',
          value: median(anchorRuns.map((run) => run.mainThread)),
          unit: 'ms',
        },
      );
      // Desktop (context, no target) only when asked for: `--desktop`.
      const auditSeconds: number[] = [];
      const presets = flag('desktop') ? (['mobile', 'desktop'] as const) : (['mobile'] as const);
      for (const preset of presets) {
        // Signed in once: the runs keep the browser's storage (`--disable-storage-reset`).
        let signedInNow: boolean | undefined;
        for (const { label, path: pagePath, signedIn, desktop } of pages) {
          if (preset === 'desktop' && !desktop) continue;
          const results: Run[] = [];
          for (let i = 0; i < runs; i++) {
            if (signedIn !== signedInNow) {
              await (signedIn ? signIn() : signOut());
              signedInNow = signedIn;
            }
            const began = performance.now();
            results.push(await audit(`${server.base}${pagePath}`, preset, signedIn));
            auditSeconds.push((performance.now() - began) / 1000);
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
        details: {
          ...details,
          shop: { products: shop.productIds.length },
          secondsPerAudit: round(auditSeconds.reduce((a, b) => a + b, 0) / auditSeconds.length, 1),
        },
      };
    } finally {
      chrome?.kill();
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
