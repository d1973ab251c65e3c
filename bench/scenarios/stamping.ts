/**
 * Stamped PDFs: a 300-page PDF of about 70 MiB (Korean and Latin text and an incompressible
 * image on every page, made at run time, `bench/lib/pdf-fixture.ts`) is the file of two
 * products of one seller, one with `pdf_stamp` and one without. Against the real server (local
 * disk storage):
 *
 * 1. Eight buyers of the stamped product ask for their first delivery at once; the server's RSS
 *    is read before and every 50 ms until the eight copies are downloaded (the copies are made
 *    one at a time: the growth is what waiting buyers and one copy in the making hold).
 * 2. Then `--orders` more buyers, one after the other: each first delivery is timed from the
 *    delivery call until the last byte of the stamped copy is downloaded. The first copy is
 *    read back with pdf.js: its first and last pages carry the buyer's email and order id.
 * 3. Delivering an already stamped copy again (same order and version) against delivering the
 *    unstamped product's same file: three buyers' copies against three buyers of the file (as
 *    many files to read: a copy is as warm in the page cache as the file), after one round of
 *    each that is not counted, rounds of four deliveries of each, alternating which goes
 *    first, each delivery downloaded whole; the server's CPU (all its threads, from /proc) and
 *    the wall time per delivery, each round's copy against the same round's file, the median
 *    of the rounds.
 *
 *   npx tsx bench/scenarios/stamping.ts [--quick] [--pages 300] [--size-mib 70] [--orders 20]
 *     [--rounds 8] [--details] [--profile]
 *
 * `--profile` runs the server under V8's CPU profiler and prints a summary of the main thread's
 * profile and the PDF thread's (the files stay in bench/results/profiles).
 *
 * PostgreSQL when it answers (`--database-url`, BENCH_DATABASE_URL), PGlite otherwise.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  check,
  createDatabase,
  dropDatabase,
  flag,
  isMain,
  median,
  option,
  percentile,
  procStatus,
  removeDir,
  resultsDir,
  round,
  rssSampler,
  type ScenarioOptions,
  type ScenarioResult,
  sourceServerNodeFlags,
  startServer,
  tempDir,
} from '../lib/common.ts';
import {
  createProduct,
  type Delivery,
  deliver,
  recordSale,
  signUpSeller,
  uploadWhole,
} from '../lib/delivery.ts';
import { runAlone } from '../lib/harness.ts';
import { largePdfFile } from '../lib/pdf-fixture.ts';
import { processCpuSeconds } from '../lib/process-cpu.ts';
import { summarise } from '../profile-summary.ts';

/** Eight first deliveries at once: the memory target's load. */
const burst = 8;

/**
 * The margin the ratio targets of a shared machine allow for noise (ingest with views on ÷ off
 * must reach 0.95): a stamped copy's re-delivery may cost up to 5 % more than an unstamped one.
 */
const noiseMargin = 0.05;

/** Downloads a link whole; the bytes when `keep`, otherwise only their count is checked. */
function download(url: string, size: number, keep = false): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`download answered ${response.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () => {
        if (received !== size) reject(new Error(`downloaded ${received} bytes, not ${size}`));
        else resolve(keep ? Buffer.concat(chunks) : undefined);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** One delivery and its download; the milliseconds from the call to the last byte. */
async function deliverAndDownload(
  base: string,
  secret: string,
  orderId: string,
  fileId: string,
  expectStamped: boolean,
): Promise<{ ms: number; delivery: Delivery }> {
  const begin = performance.now();
  const delivery = await deliver(base, secret, orderId, fileId);
  if (delivery.stamped !== expectStamped) {
    throw new Error(`the delivery of ${orderId} answered stamped: ${delivery.stamped}`);
  }
  await download(delivery.downloadUrl, delivery.size);
  return { ms: performance.now() - begin, delivery };
}

/** The text of the first and last pages of a PDF, read with pdf.js. */
async function firstAndLastPageTexts(bytes: Uint8Array): Promise<[string, string]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loaded = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
  try {
    const textOf = async (number: number) => {
      const content = await (await loaded.getPage(number)).getTextContent();
      return content.items.map((item) => ('str' in item ? item.str : '')).join('');
    };
    return [await textOf(1), await textOf(loaded.numPages)];
  } finally {
    await loaded.destroy();
  }
}

const buyerEmail = (n: number) => `구매자${n}@example.com`;

export async function stamping({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const pages = Number(option('pages') ?? (quick ? 30 : 300));
  const sizeMiB = Number(option('size-mib') ?? (quick ? 7 : 70));
  const orders = Number(option('orders') ?? (quick ? 4 : 20));
  const rounds = Number(option('rounds') ?? (quick ? 2 : 8));
  if (!Number.isInteger(pages) || pages < 2) throw new Error('--pages: a whole number ≥ 2');
  if (!(sizeMiB > 0)) throw new Error('--size-mib: a number > 0');
  if (!Number.isInteger(orders) || orders < 2) throw new Error('--orders: a whole number ≥ 2');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: a whole number ≥ 1');

  const fixtureDir = tempDir('bench-stamping-fixture');
  const dataDir = tempDir('bench-stamping');
  const databaseUrl = await createDatabase('bench_stamping').catch(() => undefined);
  const secret = randomBytes(32).toString('hex');
  const cleanUp = async () => {
    removeDir(dataDir);
    removeDir(fixtureDir);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  };
  let fixture: Buffer<ArrayBuffer>;
  try {
    const made = performance.now();
    fixture = readFileSync(await largePdfFile(fixtureDir, pages, Math.round(sizeMiB * 2 ** 20)));
    console.log(
      `  fixture: ${pages} pages, ${round(fixture.byteLength / 2 ** 20)} MiB in ${Math.round(performance.now() - made)} ms`,
    );
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const profileDir = flag('profile')
    ? path.join(resultsDir, 'profiles', new Date().toISOString().replace(/[:.]/g, '-'))
    : undefined;
  const server = await startServer({
    dataDir,
    databaseUrl,
    env: { INTERNAL_API_SECRET: secret },
    ...(profileDir
      ? { flags: ['--cpu-prof', '--cpu-prof-dir', profileDir, ...sourceServerNodeFlags] }
      : {}),
  }).catch(async (error) => {
    await cleanUp();
    throw error;
  });
  let result: ScenarioResult;
  try {
    const startRss = procStatus(server.pid, 'VmRSS');
    const { base } = server;
    const suffix = randomBytes(4).toString('hex');
    const auth = await signUpSeller(base, `st${suffix}`);
    const pdf = (name: string) => ({ name, type: 'application/pdf', bytes: fixture });
    const stamped = await createProduct(
      base,
      auth,
      'Stamped planner',
      await uploadWhole(base, auth, pdf('플래너.pdf')),
    );
    const turnedOn = await fetch(`${base}/api/products/${stamped.productId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ title: 'Stamped planner', pdf_stamp: true }),
    });
    if (!turnedOn.ok) throw new Error(`pdf_stamp on: ${turnedOn.status} ${await turnedOn.text()}`);
    const plain = await createProduct(
      base,
      auth,
      'Unstamped planner',
      await uploadWhole(base, auth, pdf('planner.pdf')),
    );
    const orderOf = (kind: string, n: number) => `st-${suffix}-${kind}-${n}`;
    const burstOrders = Array.from({ length: burst }, (_, n) => orderOf('burst', n));
    const timedOrders = Array.from({ length: orders }, (_, n) => orderOf('first', n));
    const plainOrders = Array.from({ length: 3 }, (_, n) => orderOf('plain', n));
    for (const [n, orderId] of [...burstOrders, ...timedOrders].entries()) {
      await recordSale(base, secret, stamped.productId, orderId, buyerEmail(n));
    }
    for (const orderId of plainOrders) {
      await recordSale(base, secret, plain.productId, orderId, 'buyer@example.com');
    }
    // The unstamped version's hash is computed at its first delivery, once: not measured.
    await deliverAndDownload(base, secret, plainOrders[0] ?? '', plain.fileId, false);

    // 1. Eight first deliveries at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleRss = procStatus(server.pid, 'VmRSS');
    const sampler = rssSampler(server.pid);
    const burstBegin = performance.now();
    let burstMs: number[];
    let peakRss: number;
    try {
      burstMs = await Promise.all(
        burstOrders.map(async (orderId) => {
          await deliverAndDownload(base, secret, orderId, stamped.fileId, true);
          return performance.now() - burstBegin;
        }),
      );
    } finally {
      peakRss = sampler.stop();
    }
    const growthMiB = round((peakRss - idleRss) / 2 ** 20);

    // 2. First deliveries one after the other.
    const firstMs: number[] = [];
    let firstCpu = 0;
    const copySizes = new Set<number>();
    for (const [n, orderId] of timedOrders.entries()) {
      const cpuBefore = processCpuSeconds(server.pid);
      const { ms, delivery } = await deliverAndDownload(
        base,
        secret,
        orderId,
        stamped.fileId,
        true,
      );
      firstMs.push(ms);
      firstCpu += processCpuSeconds(server.pid) - cpuBefore;
      copySizes.add(delivery.size);
      if (n === 0) {
        // Untimed: the copy carries its buyer's stamp on its first and last pages.
        const again = await deliver(base, secret, orderId, stamped.fileId);
        const bytes = await download(again.downloadUrl, again.size, true);
        const texts = await firstAndLastPageTexts(new Uint8Array(bytes ?? []));
        const email = buyerEmail(burst + n);
        for (const text of texts) {
          if (!text.includes(email) || !text.includes(orderId)) {
            throw new Error(`the stamped copy's page says "${text.slice(0, 200)}"`);
          }
        }
      }
    }
    const sorted = [...firstMs].sort((a, b) => a - b);
    const p95 = round(percentile(sorted, 95));

    // 3. A stamped copy again against the unstamped file, rounds alternating which goes first.
    const perRound = 4;
    type Kind = 'copy' | 'plain';
    /** One round of one kind: its server CPU and wall time, per delivery. */
    const measure = async (kind: Kind, roundIndex: number) => {
      const cpuBefore = processCpuSeconds(server.pid);
      const begin = performance.now();
      for (let i = 0; i < perRound; i++) {
        const n = roundIndex * perRound + i;
        if (kind === 'copy') {
          const orderId = timedOrders[n % plainOrders.length] ?? '';
          await deliverAndDownload(base, secret, orderId, stamped.fileId, true);
        } else {
          const orderId = plainOrders[n % plainOrders.length] ?? '';
          await deliverAndDownload(base, secret, orderId, plain.fileId, false);
        }
      }
      return {
        cpuMs: ((processCpuSeconds(server.pid) - cpuBefore) * 1000) / perRound,
        ms: (performance.now() - begin) / perRound,
      };
    };
    // One round of each first, not counted: what the copies' making left behind settles.
    await measure('copy', rounds);
    await measure('plain', rounds);
    const measured: Record<Kind, { cpuMs: number; ms: number }[]> = { copy: [], plain: [] };
    for (let r = 0; r < rounds; r++) {
      const order: Kind[] = r % 2 === 0 ? ['copy', 'plain'] : ['plain', 'copy'];
      for (const kind of order) measured[kind].push(await measure(kind, r));
    }
    // Each round's copy against the same round's file; the median of the rounds, so that one
    // round a neighbour's burst or a garbage collection fell on does not decide.
    const ratioOf = (field: 'cpuMs' | 'ms') =>
      round(
        median(
          measured.copy.map(
            (copyRound, r) => copyRound[field] / (measured.plain[r]?.[field] ?? Number.NaN),
          ),
        ),
      );
    const cpuRatio = ratioOf('cpuMs');
    const timeRatio = ratioOf('ms');
    const medianOf = (kind: Kind, field: 'cpuMs' | 'ms') =>
      round(median(measured[kind].map((one) => one[field])));
    const copy = { cpuMs: medianOf('copy', 'cpuMs'), ms: medianOf('copy', 'ms') };
    const unstamped = { cpuMs: medianOf('plain', 'cpuMs'), ms: medianOf('plain', 'ms') };
    const ratioLimit = 1 + noiseMargin;

    result = {
      scenario: `stamping (${pages} pages, ${round(fixture.byteLength / 2 ** 20, 1)} MiB PDF, ${databaseUrl ? 'postgres' : 'pglite'})`,
      metrics: [
        {
          name: `first delivery, call to last byte of the stamped copy, p95 of ${orders}`,
          value: p95,
          unit: 'ms',
          ...(quick ? {} : check(p95, '<', 3000)),
        },
        { name: 'first delivery, median', value: round(median(firstMs)), unit: 'ms' },
        {
          name: 'first delivery: server CPU (all threads)',
          value: round((firstCpu * 1000) / orders),
          unit: 'ms',
        },
        {
          name: `${burst} first deliveries at once: server peak RSS growth`,
          value: growthMiB,
          unit: 'MiB',
          ...(quick ? {} : check(growthMiB, '<', 300)),
        },
        {
          name: `${burst} first deliveries at once: the last one downloaded`,
          value: round(Math.max(...burstMs)),
          unit: 'ms',
        },
        {
          name: `stamped copy again ÷ unstamped file: server CPU per delivery (+${noiseMargin * 100} % noise)`,
          value: cpuRatio,
          unit: '×',
          ...(quick ? {} : check(cpuRatio, '≤', ratioLimit)),
        },
        {
          name: `stamped copy again ÷ unstamped file: time per delivery (+${noiseMargin * 100} % noise)`,
          value: timeRatio,
          unit: '×',
          ...(quick ? {} : check(timeRatio, '≤', ratioLimit)),
        },
        {
          name: 'stamped copy again: server CPU per delivery, median round',
          value: copy.cpuMs,
          unit: 'ms',
        },
        {
          name: 'unstamped file: server CPU per delivery, median round',
          value: unstamped.cpuMs,
          unit: 'ms',
        },
      ],
      details: {
        pages,
        fileBytes: fixture.byteLength,
        copyBytes: [...copySizes],
        firstDeliveriesMs: firstMs.map((ms) => round(ms)),
        burstDoneMs: burstMs.map((ms) => round(ms)),
        serverRss: {
          atStartMiB: round(startRss / 2 ** 20),
          beforeBurstMiB: round(idleRss / 2 ** 20),
          peakMiB: round(peakRss / 2 ** 20),
          growthMiB,
        },
        redelivery: {
          rounds,
          perRound,
          copyPerRound: measured.copy.map(({ cpuMs, ms }) => ({
            cpuMs: round(cpuMs),
            ms: round(ms),
          })),
          unstampedPerRound: measured.plain.map(({ cpuMs, ms }) => ({
            cpuMs: round(cpuMs),
            ms: round(ms),
          })),
        },
      },
    };
  } finally {
    await server.stop();
    await cleanUp();
  }
  if (profileDir) result.details.profiles = profileSummaries(profileDir);
  return result;
}

/**
 * The server's main thread's profile and the PDF thread's (the one that spent time in
 * pdf-lib), each by package and function, printed and returned.
 */
function profileSummaries(directory: string): Record<string, unknown> {
  const summaries: Record<string, unknown> = {};
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.cpuprofile'))) {
    const file = path.join(directory, name);
    const profile = summarise(file, 25);
    const thread = name.includes('.0.001.')
      ? 'main thread'
      : profile.packages.some((line) => line.includes('@cantoo/pdf-lib'))
        ? 'PDF thread'
        : undefined;
    if (!thread) continue;
    summaries[thread] = { file, ...profile };
    console.log(
      `  ${thread}: ${file}\n${[...profile.packages.slice(0, 10), ...profile.functions.slice(0, 15)].join('\n')}`,
    );
  }
  return summaries;
}

if (isMain(import.meta.filename)) {
  await runAlone('stamping', stamping, { quick: flag('quick') }, flag('details'));
}
