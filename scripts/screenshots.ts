// `npm run screenshots [-- --languages en,ko,zh] [--out docs/screenshots]`
//
// Screenshots of the dashboard, the products, the sales, the customers and the mail to them,
// the discount codes and a new one, and the analytics, in light and dark, on a desktop
// (1280×800) and a phone (390×844), with the demo shop of `npm run seed:demo`: a fresh data
// directory is seeded, the built app is served from it on a free port, and headless Chromium
// (playwright-core, /usr/bin/chromium or CHROMIUM_PATH) captures each screen. English goes to
// `<out>/<screen>-<size>-<theme>.png` (docs/development.md shows those); other languages to
// `<out>/<language>/`. Run `npm run build` first.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { freePort, waitForHealth } from '../apps/api/src/test/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const languages = option('languages', 'en').split(',').filter(Boolean);
const outDir = path.resolve(root, option('out', 'docs/screenshots'));

const sizes = [
  { size: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false },
  { size: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
] as const;
const themes = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  /** Waits until the screen shows its data. */
  ready: (page: Page) => Promise<void>;
}

/** Nothing is loading any more: no request in flight, no skeleton, the loading dots gone. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-slot="skeleton"], [aria-busy="true"]') &&
      !document.body.textContent?.includes('...'),
  );
  await page.evaluate(() => document.fonts.ready);
}

const screens: Screen[] = [
  { name: 'dashboard', path: '/', ready: settled },
  { name: 'products', path: '/products', ready: settled },
  { name: 'sales', path: '/sales', ready: settled },
  { name: 'customers', path: '/customers', ready: settled },
  { name: 'customers-mail', path: '/customers/mail', ready: settled },
  { name: 'discounts', path: '/discounts', ready: settled },
  { name: 'discount-new', path: '/discounts/new', ready: settled },
  { name: 'analytics', path: '/analytics', ready: settled },
];

/** The environment of the seed command and the server: this data directory, no other store. */
function serverEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'REDIS_URL', 'EXCHANGE_RATE_URL']) {
    delete env[name];
  }
  return env;
}

/** Today's exchange rate, as the member site sends it: no "old rate" warning in the pictures. */
async function setTodaysRate(baseUrl: string, secret: string): Promise<void> {
  const body = JSON.stringify({ krw: 1380, cny: 7.2 });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const response = await fetch(`${baseUrl}/api/internal/exchange-rate`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-signature': `t=${t},v1=${v1}` },
    body,
  });
  if (!response.ok) throw new Error(`setting the rate failed: ${response.status}`);
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-seller-2026' }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error('login answered without a token');
  return token;
}

async function capture(browser: Browser, baseUrl: string, token: string): Promise<string[]> {
  const written: string[] = [];
  for (const language of languages) {
    const dir = language === 'en' ? outDir : path.join(outDir, language);
    mkdirSync(dir, { recursive: true });
    for (const { size, viewport, mobile } of sizes) {
      for (const theme of themes) {
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport,
          deviceScaleFactor: 1,
          isMobile: mobile,
          hasTouch: mobile,
          locale: language,
          colorScheme: theme,
          reducedMotion: 'reduce',
        });
        await context.addInitScript(
          ({ value, lng, choice }) => {
            localStorage.setItem('token', value);
            localStorage.setItem('userType', 'seller');
            localStorage.setItem('i18nextLng', lng);
            localStorage.setItem('theme', choice);
          },
          { value: token, lng: language, choice: theme },
        );
        const page = await context.newPage();
        for (const screen of screens) {
          await page.goto(screen.path);
          await screen.ready(page);
          const file = path.join(dir, `${screen.name}-${size}-${theme}.png`);
          await page.screenshot({ path: file, type: 'png', animations: 'disabled' });
          written.push(path.relative(root, file));
        }
        await context.close();
      }
    }
  }
  return written;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('no web build: run `npm run build` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seller-screenshots-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    console.log('Seeding the demo shop…');
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/commands/seed-demo.ts', '--purchases', '1500'],
      { cwd: root, env: serverEnv(dataDir, {}), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (seed.status !== 0) throw new Error(`seeding failed (${seed.status})`);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const secret = randomBytes(32).toString('hex');
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: serverEnv(dataDir, {
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        INTERNAL_API_SECRET: secret,
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(baseUrl, server);
    await setTodaysRate(baseUrl, secret);
    const token = await login(baseUrl);

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
    });
    const written = await capture(browser, baseUrl, token);
    console.log(written.map((file) => `  ${file}`).join('\n'));
  } finally {
    await browser?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
