/**
 * Buyers' downloads through the local storage driver over real HTTP: one product file of
 * `--size-mib` (uploaded through the multipart path), then `--concurrent` buyers who each ask the
 * member site's delivery call for a link and read the whole file at once. Reports the total and
 * per-download throughput, checks every byte count, and the server's peak RSS growth over its
 * idle size (streams with backpressure: it must not grow with the file or the number of buyers).
 *
 *   npx tsx bench/download-local.ts [--size-mib 1024] [--concurrent 32] [--via http://nginx:port]
 *     [--profile DIR]
 *
 * `--via` sends the downloads through a proxy (nginx in front of the server) instead of to the
 * server itself; the delivery call always goes to the server. PostgreSQL is used when
 * DATABASE_URL is set or the local default answers; PGlite otherwise. `--profile` writes the
 * server's CPU profile there (`bench/profile-summary.ts` reads it).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { limits } from '@seller/contract/limits';
import {
  createDatabase,
  dropDatabase,
  isMain,
  nodeFlags,
  option,
  procStatus,
  putPart,
  removeDir,
  resultsDir,
  round,
  startServer,
  tempDir,
} from './lib/common.ts';
import { combineUsage, processUsage } from './lib/process-cpu.ts';

const { partBytes, parallelParts } = limits.multipart;
const secret = randomBytes(32).toString('hex');

/** The member site's signature of a body (docs/member-site.md). */
function sign(body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

async function call<T>(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const signed = <T>(base: string, url: string, body: unknown) => {
  const raw = JSON.stringify(body);
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': sign(raw) },
    body: raw,
  }).then(async (response) => {
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  });
};

/** Reads a whole download, counting its bytes; the first MiB is hashed to check the content. */
function readDownload(
  url: string,
  agent: http.Agent,
): Promise<{ bytes: number; firstMiB: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`download answered ${response.statusCode}`));
          response.resume();
          return;
        }
        const hash = createHash('sha256');
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          const left = 2 ** 20 - bytes;
          if (left > 0) hash.update(chunk.subarray(0, left));
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({
            bytes,
            firstMiB: hash.digest('hex'),
            seconds: Number(process.hrtime.bigint() - started) / 1e9,
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface DownloadResult {
  measuredAt: string;
  sizeBytes: number;
  concurrent: number;
  via: 'server' | 'proxy';
  database: 'postgres' | 'pglite';
  seconds: number;
  totalMegabytesPerSecond: number;
  perDownloadMegabytesPerSecond: { min: number; median: number; max: number };
  deliveryCallMs: { median: number; max: number };
  serverRss: { idleMiB: number; peakMiB: number; growthMiB: number };
  /** The server's CPU and system calls while serving, per GiB sent. */
  serverPerGiB: {
    userSeconds: number;
    systemSeconds: number;
    readCalls: number;
    writeCalls: number;
  };
}

export async function downloadLocal(
  sizeMiB: number,
  concurrent: number,
  via: string | undefined,
  profileDir?: string,
): Promise<DownloadResult> {
  const totalBytes = sizeMiB * 2 ** 20;
  const dataDir = tempDir('download-local');
  const databaseUrl = await createDatabase('bench_download').catch(() => undefined);
  const server = await startServer({
    dataDir,
    databaseUrl,
    env: { INTERNAL_API_SECRET: secret },
    ...(profileDir ? { flags: ['--cpu-prof', '--cpu-prof-dir', profileDir, ...nodeFlags] } : {}),
  });
  const { base, pid } = server;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Math.max(concurrent, parallelParts),
  });
  try {
    const suffix = randomBytes(4).toString('hex');
    const { token } = await call<{ token: string }>(base, '/api/auth/signup', {
      email: `dl${suffix}@example.com`,
      nickname: `dl${suffix}`,
      password: `Bench-${suffix}-pass`,
    });
    const auth = { authorization: `Bearer ${token}` };

    // The product file: multipart, 4 parts in flight, from one repeated random part.
    const started = await call<{ uploadId: string; s3Key: string }>(
      base,
      '/api/products/start-multipart-upload',
      { fileName: '강의 영상 1.mp4', fileType: 'video/mp4', fileSize: totalBytes },
      auth,
    );
    const partCount = Math.ceil(totalBytes / partBytes);
    const part = randomBytes(partBytes);
    const etags = new Map<number, string>();
    let next = 1;
    await Promise.all(
      Array.from({ length: parallelParts }, async () => {
        for (let partNumber = next++; partNumber <= partCount; partNumber = next++) {
          const { uploadUrl } = await call<{ uploadUrl: string }>(
            base,
            '/api/products/get-part-upload-url',
            { ...started, partNumber },
            auth,
          );
          const length = Math.min(partBytes, totalBytes - (partNumber - 1) * partBytes);
          etags.set(
            partNumber,
            await putPart(`${base}${uploadUrl}`, part.subarray(0, length), { agent }),
          );
        }
      }),
    );
    await call(
      base,
      '/api/products/complete-multipart-upload',
      { ...started, parts: [...etags].map(([PartNumber, ETag]) => ({ PartNumber, ETag })) },
      auth,
    );
    const image = randomBytes(1000);
    const thumbnail = await call<{ uploadUrl: string; s3Key: string; contentType: string }>(
      base,
      '/api/products/get-upload-url',
      { fileName: 'cover.png', fileType: 'image/png', fileSize: image.length, isImage: true },
      auth,
    );
    const put = await fetch(`${base}${thumbnail.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': thumbnail.contentType },
      body: image,
    });
    if (!put.ok) throw new Error(`thumbnail PUT: ${put.status}`);
    const product = await call<{ product: { id: string }; files: { id: string }[] }>(
      base,
      '/api/products/create',
      {
        title: 'Download bench',
        price: 10,
        download_limit: 0,
        files: [{ s3Key: started.s3Key }],
        thumbnails: [{ s3Key: thumbnail.s3Key }],
      },
      auth,
    );
    const fileId = product.files[0]?.id ?? '';
    const orderId = `bench-${suffix}`;
    await signed(base, '/api/internal/purchases', {
      orderId,
      productId: product.product.id,
      customerEmail: 'buyer@example.com',
      paymentMethod: 'card',
      amount: 15_000,
    });
    const expectedFirstMiB = createHash('sha256')
      .update(part.subarray(0, Math.min(2 ** 20, totalBytes)))
      .digest('hex');

    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleRss = procStatus(pid, 'VmRSS');
    let peakRss = idleRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, procStatus(pid, 'VmRSS'));
    }, 50);

    const callTimes: number[] = [];
    const usageBefore = processUsage(pid);
    const begin = process.hrtime.bigint();
    const downloads = await Promise.all(
      Array.from({ length: concurrent }, async () => {
        const asked = performance.now();
        const { delivery } = await signed<{ delivery: { downloadUrl: string } }>(
          base,
          '/api/internal/deliveries',
          { orderId, fileId },
        );
        callTimes.push(performance.now() - asked);
        const url = new URL(delivery.downloadUrl);
        const target = via ? `${via.replace(/\/+$/, '')}${url.pathname}` : `${base}${url.pathname}`;
        return readDownload(target, agent);
      }),
    );
    const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
    const usage = combineUsage(processUsage(pid), usageBefore, -1);
    const gib = (concurrent * totalBytes) / 2 ** 30;
    clearInterval(sampler);
    for (const download of downloads) {
      if (download.bytes !== totalBytes) throw new Error(`a download read ${download.bytes} bytes`);
      if (download.firstMiB !== expectedFirstMiB) throw new Error('a download read other bytes');
    }
    const rates = downloads.map((d) => totalBytes / 1e6 / d.seconds).sort((a, b) => a - b);
    callTimes.sort((a, b) => a - b);
    return {
      measuredAt: new Date().toISOString(),
      sizeBytes: totalBytes,
      concurrent,
      via: via ? 'proxy' : 'server',
      database: databaseUrl ? 'postgres' : 'pglite',
      seconds: round(seconds),
      totalMegabytesPerSecond: round((concurrent * totalBytes) / 1e6 / seconds),
      perDownloadMegabytesPerSecond: {
        min: round(rates[0] ?? 0),
        median: round(rates[Math.floor(rates.length / 2)] ?? 0),
        max: round(rates.at(-1) ?? 0),
      },
      deliveryCallMs: {
        median: round(callTimes[Math.floor(callTimes.length / 2)] ?? 0),
        max: round(callTimes.at(-1) ?? 0),
      },
      serverRss: {
        idleMiB: round(idleRss / 2 ** 20),
        peakMiB: round(peakRss / 2 ** 20),
        growthMiB: round((peakRss - idleRss) / 2 ** 20),
      },
      serverPerGiB: {
        userSeconds: round(usage.userSeconds / gib, 3),
        systemSeconds: round(usage.systemSeconds / gib, 3),
        readCalls: Math.round(usage.readCalls / gib),
        writeCalls: Math.round(usage.writeCalls / gib),
      },
    };
  } finally {
    agent.destroy();
    await server.stop();
    removeDir(dataDir);
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  }
}

if (isMain(import.meta.filename)) {
  const result = await downloadLocal(
    Number(option('size-mib') ?? 1024),
    Number(option('concurrent') ?? 32),
    option('via'),
    option('profile'),
  );
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'download-local.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
}
