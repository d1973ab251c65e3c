/**
 * Pushes a file through the local storage driver's multipart path over real HTTP, 4 parts
 * in flight, and compares the throughput with a raw `dd … conv=fsync` write to the same disk.
 * Reports the server's peak RSS growth over its idle size.
 *
 *   npx tsx bench/upload-local.ts [--size-mib 1024] [--database-url postgres://…] [--dir /path]
 *
 * `npm run bench` runs it as its uploads scenario (`bench/scenarios/uploads.ts`) through
 * `uploadLocal()`; run directly it prints its figures and writes bench/results/upload-local.json.
 *
 * PostgreSQL is used when DATABASE_URL (or --database-url) is set or the local default
 * (postgres://postgres@127.0.0.1:5432/test) answers; PGlite otherwise (its own ~300 MB RSS is
 * then part of the idle size, and its start costs a few seconds).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { limits } from '@seller/contract/limits';
import pg from 'pg';
import {
  dropDatabase,
  freePort,
  isMain,
  option,
  procStatus,
  putPart,
  root,
  round,
  waitForOk,
} from './lib/common.ts';
import { spawnGroup, stopGroup } from './lib/processes.ts';

/** The web app's part size and parts in flight. */
const { partBytes, parallelParts } = limits.multipart;

async function postgresUrl(): Promise<string | undefined> {
  const url =
    option('database-url') ??
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const name = `bench_upload_${randomBytes(4).toString('hex')}`;
    await client.query(`CREATE DATABASE ${name}`);
    const created = new URL(url);
    created.pathname = `/${name}`;
    return created.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function json<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function ddWrite(directory: string, count: number): number {
  const file = path.join(directory, 'dd-bench.bin');
  const started = process.hrtime.bigint();
  execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=5M', `count=${count}`, 'conv=fsync'], {
    stdio: 'ignore',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(file, { force: true });
  return seconds;
}

export interface UploadResult {
  measuredAt: string;
  sizeBytes: number;
  parts: number;
  parallelParts: number;
  database: 'postgres' | 'pglite';
  upload: { seconds: number; megabytesPerSecond: number };
  dd: { seconds: number; megabytesPerSecond: number };
  ratio: number;
  serverRss: { idleMiB: number; peakMiB: number; growthMiB: number; peakSource: string };
  targets: { ratio: number; rssGrowthMiB: number };
}

export async function uploadLocal(sizeMiB: number, { quiet = false } = {}): Promise<UploadResult> {
  if (!Number.isInteger(sizeMiB) || sizeMiB < 5)
    throw new Error('the size must be an integer ≥ 5 MiB');
  const totalBytes = sizeMiB * 1024 * 1024;
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallelParts });
  // --dir picks the disk; the temp dir must not be a tmpfs for the comparison to mean anything.
  const dataDir = mkdtempSync(path.join(option('dir') ?? os.tmpdir(), 'upload-local-'));
  const databaseUrl = await postgresUrl();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    UPLOAD_SWEEP_INTERVAL_MINUTES: '0',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // node --import tsx: the child is the server itself, so its /proc status is the server's.
  const server = spawnGroup(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = server.pid;
  if (!pid) throw new Error('could not start the server');

  try {
    await waitForOk(`${base}/api/health`, server);
    const suffix = randomBytes(4).toString('hex');
    const { token } = await json<{ token: string }>(base, '/api/auth/signup', {
      email: `bench${suffix}@example.com`,
      nickname: `bench${suffix}`,
      password: `Bench-${suffix}-pass`,
    });
    const started = await json<{ uploadId: string; s3Key: string }>(
      base,
      '/api/products/start-multipart-upload',
      { fileName: 'bench.mp4', fileType: 'video/mp4', fileSize: totalBytes },
      token,
    );

    // Let the server settle after start, then take its idle size.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idleRss = procStatus(pid, 'VmRSS');
    const peakReset = resetPeak(pid);
    let sampledPeak = idleRss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, procStatus(pid, 'VmRSS'));
    }, 50);

    const partCount = Math.ceil(totalBytes / partBytes);
    const buffer = Buffer.alloc(partBytes);
    const etags = new Map<number, string>();
    let next = 1;
    const begin = process.hrtime.bigint();
    const worker = async () => {
      for (let partNumber = next++; partNumber <= partCount; partNumber = next++) {
        const { uploadUrl } = await json<{ uploadUrl: string }>(
          base,
          '/api/products/get-part-upload-url',
          { ...started, partNumber },
          token,
        );
        const length = Math.min(partBytes, totalBytes - (partNumber - 1) * partBytes);
        // One part at a time from a shared buffer: the client never holds the file.
        const part = buffer.subarray(0, length);
        etags.set(partNumber, await putPart(`${base}${uploadUrl}`, part, { agent }));
      }
    };
    await Promise.all(Array.from({ length: parallelParts }, worker));
    await json(
      base,
      '/api/products/complete-multipart-upload',
      {
        ...started,
        parts: [...etags.entries()].map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
      },
      token,
    );
    const uploadSeconds = Number(process.hrtime.bigint() - begin) / 1e9;
    clearInterval(sampler);
    const peakRss = Math.max(peakReset ? procStatus(pid, 'VmHWM') : 0, sampledPeak);

    const ddSeconds = ddWrite(dataDir, partCount);
    const mb = totalBytes / 1e6;
    const result: UploadResult = {
      measuredAt: new Date().toISOString(),
      sizeBytes: totalBytes,
      parts: partCount,
      parallelParts,
      database: databaseUrl ? 'postgres' : 'pglite',
      upload: { seconds: round(uploadSeconds), megabytesPerSecond: round(mb / uploadSeconds) },
      dd: { seconds: round(ddSeconds), megabytesPerSecond: round(mb / ddSeconds) },
      ratio: round(ddSeconds / uploadSeconds),
      serverRss: {
        idleMiB: round(idleRss / 2 ** 20),
        peakMiB: round(peakRss / 2 ** 20),
        growthMiB: round((peakRss - idleRss) / 2 ** 20),
        peakSource: peakReset ? 'VmHWM after clear_refs' : 'VmRSS sampled every 50 ms',
      },
      targets: { ratio: 0.8, rssGrowthMiB: 150 },
    };
    if (quiet) return result;
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(
      path.join(root, 'bench', 'results', 'upload-local.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(
      [
        `upload ${sizeMiB} MiB in ${partCount} parts, ${parallelParts} in flight (${result.database})`,
        `  local driver: ${result.upload.seconds} s, ${result.upload.megabytesPerSecond} MB/s`,
        `  dd conv=fsync: ${result.dd.seconds} s, ${result.dd.megabytesPerSecond} MB/s`,
        `  ratio: ${result.ratio}× (target ≥ 0.8)`,
        `  server RSS: idle ${result.serverRss.idleMiB} MiB, peak ${result.serverRss.peakMiB} MiB, growth ${result.serverRss.growthMiB} MiB (target < 150)`,
      ].join('\n'),
    );
    return result;
  } finally {
    agent.destroy();
    await stopGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  }
}

if (isMain(import.meta.filename)) {
  await uploadLocal(Number(option('size-mib') ?? 1024));
}
