/**
 * Two (or more) production builds of the web app on one signed-in page, loaded in turn in one
 * Chromium with its CPU four times slower (Lighthouse's mobile factor) and a phone's screen:
 * each build's blocking time, the part of each long task beyond 50 ms, summed over a load. The
 * builds take turns load by load, so that whatever else the host does weighs on both alike; on a
 * busy host, one build's Lighthouse runs against the other's say less than this.
 *
 * One scratch database with the seller of the Lighthouse scenario (bench/lib/web-shop.ts), and a
 * server per build (`WEB_DIST_DIR`). Make the builds first, e.g.
 *
 *   git stash && npm run build && cp -r apps/web/dist /tmp/before && git stash pop
 *   npm run build && cp -r apps/web/dist /tmp/after
 *   npx tsx bench/compare-web-builds.ts --builds /tmp/before,/tmp/after [--page /sales] [--rounds 8]
 *
 * `--page` is a path, or `sale`, `product`, `customer` for the seeded sale's, product's or
 * buyer's page.
 */
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.ts';
import { isMain, median, option, type RunningServer } from './lib/common.ts';
import { scratchDatabase, seedSeller, startSeededServer } from './lib/seed.ts';
import { seedWebShop, type WebShop } from './lib/web-shop.ts';

/** Lighthouse's mobile CPU slowdown. */
const cpuSlowdown = 4;
/** The web app's session key in localStorage (apps/web/src/lib/auth-token.ts). */
const tokenKey = 'token';
const timeZone = 'Asia/Seoul';

export interface LoadFigures {
  /** Long tasks' time beyond 50 ms each, the whole load. */
  blockingMs: number;
  /** The same, for the tasks that started after the first contentful paint (what TBT counts). */
  blockingAfterPaintMs: number;
}

/** What a load's long tasks block: their time beyond 50 ms each, all and after `paintedAt`. */
export function blockingOf(
  tasks: readonly { start: number; duration: number }[],
  paintedAt: number,
) {
  const beyond = (list: readonly { duration: number }[]) =>
    Math.round(list.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0));
  return {
    blockingMs: beyond(tasks),
    blockingAfterPaintMs: beyond(tasks.filter((task) => task.start >= paintedAt)),
  };
}

function pagePathOf(page: string, shop: WebShop): string {
  if (page === 'sale') return `/sales/${shop.saleId}`;
  if (page === 'product') return `/products/${shop.productIds[0] ?? ''}`;
  if (page === 'customer') return `/customers/${shop.customerId}`;
  return page;
}

/** Loads `url` and reads its long tasks once the network has been idle a moment. */
async function load(page: Page, url: string): Promise<LoadFigures> {
  await page.goto('about:blank');
  await page.goto(url);
  await page.evaluate(() => {
    const seen: { start: number; duration: number }[] = [];
    Object.assign(window, { longTasksSeen: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        seen.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  const { tasks, paintedAt } = await page.evaluate(() => ({
    tasks: (window as unknown as { longTasksSeen: { start: number; duration: number }[] })
      .longTasksSeen,
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  return blockingOf(tasks, paintedAt);
}

export async function compareWebBuilds(options: {
  builds: readonly string[];
  page: string;
  rounds: number;
}): Promise<Map<string, LoadFigures[]>> {
  const scratch = await scratchDatabase('compare_web');
  const servers: RunningServer[] = [];
  try {
    const { token } = await seedSeller(scratch, 0);
    for (const build of options.builds) {
      servers.push(await startSeededServer(scratch, { TIME_ZONE: timeZone, WEB_DIST_DIR: build }));
    }
    const [first] = servers;
    if (!first) throw new Error('--builds names no build');
    const shop = await seedWebShop(first.base, token, scratch.databaseUrl, {
      products: 50,
      sales: 5000,
      timeZone,
    });
    const pagePath = pagePathOf(options.page, shop);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Signed in on each server's origin, and each build's chunks in the cache once.
      for (const server of servers) {
        await page.goto(`${server.base}/login`);
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: tokenKey,
          value: token,
        });
        await page.goto(`${server.base}${pagePath}`);
        await page.waitForLoadState('networkidle');
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      const figures = new Map<string, LoadFigures[]>(options.builds.map((build) => [build, []]));
      for (let round = 0; round < options.rounds; round++) {
        for (const [index, server] of servers.entries()) {
          const build = options.builds[index] ?? '';
          figures.get(build)?.push(await load(page, `${server.base}${pagePath}`));
        }
      }
      return figures;
    } finally {
      await browser.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    await scratch.remove();
  }
}

if (isMain(import.meta.filename)) {
  const builds = (option('builds') ?? '').split(',').filter(Boolean);
  if (builds.length < 2) throw new Error('--builds needs two build directories, comma-separated');
  const page = option('page') ?? '/sales';
  const rounds = Number(option('rounds') ?? 8);
  const figures = await compareWebBuilds({ builds, page, rounds });
  console.log(`${page}, ${rounds} loads of each build, CPU ${cpuSlowdown}× slower:`);
  for (const [build, loads] of figures) {
    const all = loads.map((figure) => figure.blockingMs);
    const afterPaint = loads.map((figure) => figure.blockingAfterPaintMs);
    console.log(
      `  ${build}: blocking ${median(all)} ms at the median (${all.join(', ')}), ` +
        `after the first paint ${median(afterPaint)} ms`,
    );
  }
}
