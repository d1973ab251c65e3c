/**
 * Buyers' downloads: one product file (1 GiB) uploaded through the multipart path and sold once;
 * then 32 buyers download it at once through delivery links made by the signed internal call,
 * half of them resuming from the middle with `Range`, against Debian's nginx (`sendfile on`,
 * one worker) serving the same file from the same disk, the same 32 downloads. Rounds of the
 * two alternate; the ratio is of their total throughputs. Every answer's status, length and
 * byte count is checked, and its bytes are compared with the file's every 16th chunk. The
 * server's RSS is sampled every 50 ms while it serves.
 *
 *   npx tsx bench/scenarios/downloads.ts [--quick] [--size-mib 1024] [--downloads 32] [--rounds 2]
 *
 * PostgreSQL when it answers (`--database-url`, BENCH_DATABASE_URL), PGlite otherwise.
 */
import { randomBytes } from 'node:crypto';
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
  round,
  type ScenarioOptions,
  type ScenarioResult,
  startServer,
  tempDir,
} from '../lib/common.ts';
import { deliveryLink, matchesFile, type SoldFile, sellProductFile } from '../lib/delivery.ts';
import { requireNginx, type RunningNginx, startNginx } from '../lib/nginx.ts';
import { processCpuSeconds, treeCpuSeconds } from '../lib/process-cpu.ts';

/** Every this many chunks of an answer, the chunk's bytes are compared with the file's. */
const checkEveryChunks = 16;

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

/** One download from `start` to the end of the file; fails on any answer but the exact bytes. */
function download(url: URL, start: number, sold: SoldFile): Promise<number> {
  const size = sold.sizeBytes;
  const expected = size - start;
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: start > 0 ? { range: `bytes=${start}-` } : {} },
      (response) => {
        const fail = (message: string) => {
          reject(new Error(`${url.pathname.slice(0, 40)}… from byte ${start}: ${message}`));
          response.destroy();
        };
        const status = start > 0 ? 206 : 200;
        if (response.statusCode !== status) return fail(`answered ${response.statusCode}`);
        if (response.headers['content-length'] !== String(expected))
          return fail(`Content-Length ${response.headers['content-length']}`);
        if (start > 0 && response.headers['content-range'] !== `bytes ${start}-${size - 1}/${size}`)
          return fail(`Content-Range ${response.headers['content-range']}`);
        let received = 0;
        let chunks = 0;
        response.on('data', (chunk: Buffer) => {
          if (chunks++ % checkEveryChunks === 0 && !matchesFile(sold, start + received, chunk))
            return fail(`other bytes than the file's at byte ${start + received}`);
          received += chunk.length;
        });
        response.on('end', () =>
          received === expected ? resolve(received) : fail(`${received} bytes, not ${expected}`),
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
}

/** All the downloads at once; the wall time from the first request to the last byte. */
async function runRound(
  urls: URL[],
  plan: DownloadPlan,
  sold: SoldFile,
  cpuSeconds: () => number,
): Promise<RoundResult> {
  const cpuBefore = cpuSeconds();
  const begin = process.hrtime.bigint();
  await Promise.all(urls.map((url, i) => download(url, plan.starts[i] ?? 0, sold)));
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  const cpu = cpuSeconds() - cpuBefore;
  return {
    seconds: round(seconds),
    megabytesPerSecond: round(plan.totalBytes / 1e6 / seconds),
    cpuSecondsPerGiB: round(cpu / (plan.totalBytes / 2 ** 30), 3),
  };
}

/** Peak of a process's RSS, read every 50 ms until stopped. */
function rssSampler(pid: number) {
  let peak = procStatus(pid, 'VmRSS');
  const timer = setInterval(() => {
    peak = Math.max(peak, procStatus(pid, 'VmRSS'));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, procStatus(pid, 'VmRSS'));
    },
  };
}

export async function downloads({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  // Before anything starts: without nginx there is nothing to compare with.
  requireNginx();
  const sizeMiB = Number(option('size-mib') ?? (quick ? 32 : 1024));
  const count = Number(option('downloads') ?? (quick ? 8 : 32));
  const rounds = Number(option('rounds') ?? (quick ? 1 : 2));
  if (!Number.isInteger(sizeMiB) || sizeMiB < 1) throw new Error('--size-mib: a whole number ≥ 1');
  if (!Number.isInteger(count) || count < 2) throw new Error('--downloads: a whole number ≥ 2');
  const sizeBytes = sizeMiB * 2 ** 20;
  const plan = downloadPlan(sizeBytes, count);

  const secret = randomBytes(32).toString('hex');
  const dataDir = tempDir('bench-downloads');
  const databaseUrl = await createDatabase('bench_downloads').catch(() => undefined);
  let nginx: RunningNginx | undefined;
  const server = await startServer({
    dataDir,
    databaseUrl,
    env: { INTERNAL_API_SECRET: secret },
  }).catch(async (error) => {
    removeDir(dataDir);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
    throw error;
  });
  const uploadAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
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
        serverRounds.push(await runRound(urls, plan, sold, () => processCpuSeconds(server.pid)));
      } finally {
        peakRss = Math.max(peakRss, sampler.stop());
      }
      nginxRounds.push(
        await runRound(
          plan.starts.map(() => nginxUrl),
          plan,
          sold,
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
    });
    const serverTotal = total(serverRounds);
    const nginxTotal = total(nginxRounds);
    const ratio = round(serverTotal.megabytesPerSecond / nginxTotal.megabytesPerSecond);
    const growthMiB = round((peakRss - idleRss) / 2 ** 20);
    return {
      scenario: `downloads (${count} × ${sizeMiB} MiB, half resumed, ${databaseUrl ? 'postgres' : 'pglite'})`,
      metrics: [
        { name: 'delivery links', value: serverTotal.megabytesPerSecond, unit: 'MB/s' },
        { name: 'nginx sendfile, same file', value: nginxTotal.megabytesPerSecond, unit: 'MB/s' },
        { name: 'delivery links ÷ nginx', value: ratio, unit: '×', ...(quick ? {} : check(ratio, '≥', 0.8)) },
        {
          name: 'server peak RSS growth while serving',
          value: growthMiB,
          unit: 'MiB',
          ...(quick ? {} : check(growthMiB, '<', 100)),
        },
        { name: 'server CPU per GiB sent', value: serverTotal.cpuSecondsPerGiB, unit: 's' },
        { name: 'nginx CPU per GiB sent', value: nginxTotal.cpuSecondsPerGiB, unit: 's' },
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
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await downloads({ quick: flag('quick') }), null, 2));
}
