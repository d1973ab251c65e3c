/**
 * Buyers' downloads: one product file (1 GiB) uploaded through the multipart path and sold once;
 * then 32 buyers download it at once through delivery links made by the signed internal call,
 * half of them resuming from the middle with `Range`, against Debian's nginx (`sendfile on`,
 * one worker) serving the same file from the same disk, the same 32 downloads. The buyers are
 * curl processes that throw the bytes away; each answer's status, byte count and Content-Range
 * is checked. Before the timed rounds, two links (whole, resumed) are read in full and every
 * byte compared with the file. The server's RSS is sampled every 50 ms while it serves. With
 * `--rounds`, rounds of the two alternate; the ratio is of their total throughputs.
 *
 *   npx tsx bench/scenarios/downloads.ts [--quick] [--size-mib 1024] [--downloads 32] [--rounds 1]
 *     [--profile]
 *
 * `--profile` runs the server under V8's CPU profiler and prints a summary of its profile (the
 * file stays in bench/results/profiles for Chrome's DevTools).
 * PostgreSQL when it answers (`--database-url`, BENCH_DATABASE_URL), PGlite otherwise.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readdirSync } from 'node:fs';
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
import { deliveryLink, matchesFile, type SoldFile, sellProductFile } from '../lib/delivery.ts';
import { type RunningNginx, requireNginx, startNginx } from '../lib/nginx.ts';
import { endedChildrenCpuSeconds, processCpuSeconds, treeCpuSeconds } from '../lib/process-cpu.ts';
import { spawnGroup } from '../lib/processes.ts';
import { summarise } from '../profile-summary.ts';

export interface DownloadPlan {
  /** The byte each download starts at: 0, or (a resumed one) about the middle of the file. */
  starts: number[];
  totalBytes: number;
}

/** Half the downloads resume from the middle, each at a slightly different, unaligned byte. */
export function downloadPlan(sizeBytes: number, count: number): DownloadPlan {
  const middle = Math.floor(sizeBytes / 2);
  const starts = Array.from({ length: count }, (_, i) =>
    i % 2 === 1 ? Math.min(sizeBytes - 1, middle + i * 4099) : 0,
  );
  return { starts, totalBytes: starts.reduce((sum, start) => sum + sizeBytes - start, 0) };
}

/** The buyers' client of the timed rounds: curl, so that the client costs the cores little. */
export const curlPath = '/usr/bin/curl';

function requireCurl(): void {
  try {
    accessSync(curlPath, constants.X_OK);
  } catch {
    throw new Error(
      `curl is not installed (${curlPath}): the download benchmark's buyers are curl processes. ` +
        'Install it (`apt-get install curl`).',
    );
  }
}

/**
 * One buyer's download from `start` to the end of the file by curl, the bytes thrown away;
 * fails unless the status, the byte count and (resumed) the Content-Range are exact.
 */
async function curlDownload(url: URL, start: number, sizeBytes: number): Promise<void> {
  const child = spawnGroup(
    curlPath,
    [
      '--silent',
      '--show-error',
      '--output',
      '/dev/null',
      '--write-out',
      '%{http_code} %{size_download} %header{content-range}',
      ...(start > 0 ? ['--range', `${start}-`] : []),
      url.toString(),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const expected =
    start > 0
      ? `206 ${sizeBytes - start} bytes ${start}-${sizeBytes - 1}/${sizeBytes}`
      : `200 ${sizeBytes} `;
  if (code !== 0 || out !== expected) {
    throw new Error(
      `download from byte ${start} of ${url.pathname.slice(0, 40)}…: curl ${code} answered "${out}", expected "${expected}" ${errors.trim()}`,
    );
  }
}

/**
 * Reads one download whole and compares every byte with the file's (a check of what the timed
 * rounds count only): the whole file, or from `start` with `Range`.
 */
function verifyDownload(url: URL, start: number, sold: SoldFile): Promise<void> {
  const size = sold.sizeBytes;
  const expected = size - start;
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: start > 0 ? { range: `bytes=${start}-` } : {} },
      (response) => {
        const fail = (message: string) => {
          reject(new Error(`download from byte ${start}: ${message}`));
          response.destroy();
        };
        if (response.statusCode !== (start > 0 ? 206 : 200))
          return fail(`answered ${response.statusCode}`);
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          if (!matchesFile(sold, start + received, chunk))
            return fail(`other bytes than the file's at byte ${start + received}`);
          received += chunk.length;
        });
        response.on('end', () =>
          received === expected ? resolve() : fail(`${received} bytes, not ${expected}`),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

export interface RoundResult {
  seconds: number;
  megabytesPerSecond: number;
  /** CPU seconds the serving processes used per GiB sent. */
  cpuSecondsPerGiB: number;
  /** CPU seconds the curl processes used per GiB received. */
  clientCpuSecondsPerGiB: number;
}

/** All the downloads at once; the wall time from the first start to the last byte. */
async function runRound(
  urls: URL[],
  plan: DownloadPlan,
  sizeBytes: number,
  cpuSeconds: () => number,
): Promise<RoundResult> {
  const cpuBefore = cpuSeconds();
  const clientBefore = endedChildrenCpuSeconds(process.pid);
  const begin = process.hrtime.bigint();
  await Promise.all(urls.map((url, i) => curlDownload(url, plan.starts[i] ?? 0, sizeBytes)));
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  const cpu = cpuSeconds() - cpuBefore;
  const client = endedChildrenCpuSeconds(process.pid) - clientBefore;
  const gib = plan.totalBytes / 2 ** 30;
  return {
    seconds: round(seconds),
    megabytesPerSecond: round(plan.totalBytes / 1e6 / seconds),
    cpuSecondsPerGiB: round(cpu / gib, 3),
    clientCpuSecondsPerGiB: round(client / gib, 3),
  };
}

export async function downloads({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  // Before anything starts: without nginx there is nothing to compare with.
  requireNginx();
  requireCurl();
  const sizeMiB = Number(option('size-mib') ?? (quick ? 32 : 1024));
  const count = Number(option('downloads') ?? (quick ? 8 : 32));
  const rounds = Number(option('rounds') ?? 1);
  if (!Number.isInteger(sizeMiB) || sizeMiB < 1) throw new Error('--size-mib: a whole number ≥ 1');
  if (!Number.isInteger(count) || count < 2) throw new Error('--downloads: a whole number ≥ 2');
  const sizeBytes = sizeMiB * 2 ** 20;
  const plan = downloadPlan(sizeBytes, count);

  const secret = randomBytes(32).toString('hex');
  const dataDir = tempDir('bench-downloads');
  const databaseUrl = await createDatabase('bench_downloads').catch(() => undefined);
  let nginx: RunningNginx | undefined;
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
    removeDir(dataDir);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
    throw error;
  });
  const uploadAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let result: ScenarioResult;
  try {
    const sold = await sellProductFile(server.base, secret, sizeBytes, uploadAgent);
    // The same file, from the same disk: the local driver keeps it at DATA_DIR/storage/<key>.
    nginx = await startNginx(path.join(dataDir, 'storage'));
    const nginxPid = nginx.pid;
    const nginxUrl = new URL(`${nginx.base}/${sold.s3Key}`);

    const serverRounds: RoundResult[] = [];
    const nginxRounds: RoundResult[] = [];
    const linkMs: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleRss = procStatus(server.pid, 'VmRSS');
    let peakRss = idleRss;
    // Untimed: two links read whole, every byte compared with the file's.
    const verifier = rssSampler(server.pid);
    try {
      for (const start of [0, plan.starts[1] ?? 0]) {
        await verifyDownload(await deliveryLink(server.base, secret, sold), start, sold);
      }
    } finally {
      peakRss = Math.max(peakRss, verifier.stop());
    }
    for (let r = 0; r < rounds; r++) {
      // Each buyer asks for a link (one download counted), then all download at once.
      const urls = await Promise.all(
        plan.starts.map(async () => {
          const asked = performance.now();
          const link = await deliveryLink(server.base, secret, sold);
          linkMs.push(performance.now() - asked);
          return link;
        }),
      );
      const sampler = rssSampler(server.pid);
      try {
        serverRounds.push(
          await runRound(urls, plan, sizeBytes, () => processCpuSeconds(server.pid)),
        );
      } finally {
        peakRss = Math.max(peakRss, sampler.stop());
      }
      nginxRounds.push(
        await runRound(
          plan.starts.map(() => nginxUrl),
          plan,
          sizeBytes,
          () => treeCpuSeconds(nginxPid, () => 'nginx').nginx ?? 0,
        ),
      );
    }

    const total = (list: RoundResult[]) => ({
      seconds: list.reduce((sum, r) => sum + r.seconds, 0),
      megabytesPerSecond: round(
        (list.length * plan.totalBytes) / 1e6 / list.reduce((sum, r) => sum + r.seconds, 0),
      ),
      cpuSecondsPerGiB: round(median(list.map((r) => r.cpuSecondsPerGiB)), 3),
      clientCpuSecondsPerGiB: round(median(list.map((r) => r.clientCpuSecondsPerGiB)), 3),
    });
    const serverTotal = total(serverRounds);
    const nginxTotal = total(nginxRounds);
    const ratio = round(serverTotal.megabytesPerSecond / nginxTotal.megabytesPerSecond);
    const growthMiB = round((peakRss - idleRss) / 2 ** 20);
    result = {
      scenario: `downloads (${count} × ${sizeMiB} MiB, half resumed, ${databaseUrl ? 'postgres' : 'pglite'})`,
      metrics: [
        { name: 'delivery links', value: serverTotal.megabytesPerSecond, unit: 'MB/s' },
        { name: 'nginx sendfile, same file', value: nginxTotal.megabytesPerSecond, unit: 'MB/s' },
        {
          name: 'delivery links ÷ nginx',
          value: ratio,
          unit: '×',
          ...(quick ? {} : check(ratio, '≥', 0.8)),
        },
        {
          name: 'server peak RSS growth while serving',
          value: growthMiB,
          unit: 'MiB',
          ...(quick ? {} : check(growthMiB, '<', 100)),
        },
        { name: 'server CPU per GiB sent', value: serverTotal.cpuSecondsPerGiB, unit: 's' },
        { name: 'nginx CPU per GiB sent', value: nginxTotal.cpuSecondsPerGiB, unit: 's' },
        {
          name: 'client CPU per GiB, from the server',
          value: serverTotal.clientCpuSecondsPerGiB,
          unit: 's',
        },
        {
          name: 'client CPU per GiB, from nginx',
          value: nginxTotal.clientCpuSecondsPerGiB,
          unit: 's',
        },
        {
          name: 'delivery call, median',
          value: round(median(linkMs)),
          unit: 'ms',
        },
      ],
      details: {
        sizeBytes,
        downloads: count,
        resumedFrom: plan.starts.filter((start) => start > 0),
        bytesPerRound: plan.totalBytes,
        rounds: { server: serverRounds, nginx: nginxRounds },
        serverRss: {
          idleMiB: round(idleRss / 2 ** 20),
          peakMiB: round(peakRss / 2 ** 20),
          growthMiB,
        },
      },
    };
  } finally {
    uploadAgent.destroy();
    await nginx?.stop();
    await server.stop();
    removeDir(dataDir);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  }
  if (profileDir) {
    // The main thread's profile (tsx's loader thread writes one too).
    const file = readdirSync(profileDir)
      .filter((name) => name.includes('.0.001.'))
      .map((name) => path.join(profileDir, name))[0];
    if (file) {
      const profile = summarise(file, 30);
      result.details.profile = { file, ...profile };
      console.log(`  profile: ${file}\n${profile.packages.slice(0, 15).join('\n')}`);
    }
  }
  return result;
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await downloads({ quick: flag('quick') }), null, 2));
}
