/**
 * Drill: kill -9 the server in the middle of a multipart upload, restart it, resume.
 *
 *   npx tsx bench/drills/upload-kill.ts [--quick] [--only pglite|postgres] [--verbose]
 *
 * For each database (PGlite under DATA_DIR, then a fresh PostgreSQL database): the real server
 * runs as a child process; a seller starts two multipart uploads of seeded random files (A is
 * resumed, B abandoned) and one single PUT; some parts are acknowledged, then five parts and
 * the single PUT are left half-sent, and once their first bytes are on disk the server gets
 * SIGKILL. Then:
 *
 * - nothing is visible before completion: no object under the key, premature completion and
 *   attaching the upload to a product are refused, before and after the kill;
 * - after a restart on the same DATA_DIR and database, the listed parts of A are exactly the
 *   acknowledged ones; only the missing parts are sent; completion (twice: idempotent) gives
 *   a file whose SHA-256, downloaded through the product's download URL, is the original's;
 * - B and the cut single PUT are abandoned: the sweeper, run as if the upload TTL had passed,
 *   marks their rows aborted and leaves no object and no temp file, while A stays intact.
 */

import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { limits } from '@seller/contract/limits';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createUploadRepository } from '../../apps/api/src/modules/uploads/uploads.repository.ts';
import { sweepUploads } from '../../apps/api/src/modules/uploads/uploads.sweeper.ts';
import { LocalStorage } from '../../apps/api/src/storage/local-driver.ts';
import { freePort, putPart as putPartBytes, round } from '../lib/common.ts';
import {
  api,
  argument,
  Checks,
  createDatabase,
  createProduct,
  dropDatabase,
  killHard,
  log,
  postgresAvailable,
  quick,
  type RunningServer,
  recordResult,
  request,
  seededBytes,
  serverEnvironment,
  sha256,
  signUp,
  sleep,
  startServer,
  stopServer,
  thumbnail,
} from './lib.ts';

/** The web app's part size and parts in flight. */
const { partBytes, parallelParts: inFlight } = limits.multipart;
/** A: acknowledged parts before the kill; the next `inFlight` are cut halfway. */
const sizeA = (quick ? 32 : 96) * 1024 * 1024;
const acknowledgedA = quick ? 2 : 8;
/** B: part 1 acknowledged, part 2 cut halfway, part 3 never sent. */
const sizeB = 12 * 1024 * 1024;
const seed = argument('seed') ?? 'upload-kill-1';

interface Started {
  uploadId: string;
  s3Key: string;
}

const partAgent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function partSize(total: number, partNumber: number) {
  return Math.min(partBytes, total - (partNumber - 1) * partBytes);
}

function partCount(total: number) {
  return Math.ceil(total / partBytes);
}

/**
 * PUTs one part. With `holdAfter`, only that many bytes are written and the request is left
 * open: it ends when the server dies (the returned promise then rejects).
 */
function putPart(
  base: string,
  url: string,
  body: Buffer,
  holdAfter?: number,
): { done: Promise<string>; sent: Promise<void> } {
  let markSent: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const done = putPartBytes(`${base}${url}`, body, {
    agent: holdAfter === undefined ? partAgent : false,
    holdAfter,
    onSent: () => markSent(),
  });
  done.catch(() => undefined);
  return { done, sent };
}

async function partUrl(base: string, token: string, upload: Started, partNumber: number) {
  const { uploadUrl } = await api<{ uploadUrl: string }>(
    base,
    'POST',
    '/api/products/get-part-upload-url',
    { token, json: { ...upload, partNumber } },
  );
  return uploadUrl;
}

/** Sends the given parts, `inFlight` at a time; returns their ETags. */
async function sendParts(
  base: string,
  token: string,
  upload: Started,
  file: Buffer,
  numbers: number[],
): Promise<Map<number, string>> {
  const etags = new Map<number, string>();
  const queue = [...numbers];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const url = await partUrl(base, token, upload, next);
      const offset = (next - 1) * partBytes;
      const body = file.subarray(offset, offset + partSize(file.length, next));
      etags.set(next, await putPart(base, url, body).done);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return etags;
}

async function listParts(base: string, token: string, upload: Started) {
  return api<{ parts: { PartNumber: number; ETag: string; Size: number }[] }>(
    base,
    'POST',
    '/api/products/list-uploaded-parts',
    { token, json: upload },
  );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Streams a download and hashes it (the client never holds the whole file). */
function download(
  base: string,
  url: string,
): Promise<{ status: number; sha: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { agent: partAgent }, (res) => {
        const hash = createHash('sha256');
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, sha: hash.digest('hex'), bytes }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** What a client can see of an unfinished upload: it must be nothing. */
async function checkInvisible(
  checks: Checks,
  label: string,
  context: { base: string; token: string; storageRoot: string },
  upload: Started,
  parts: { PartNumber: number; ETag: string }[],
) {
  const objectFile = path.join(context.storageRoot, ...upload.s3Key.split('/'));
  checks.check(!(await exists(objectFile)), `${label}: no object stored under the key`);
  const early = await request(context.base, 'POST', '/api/products/complete-multipart-upload', {
    token: context.token,
    json: { ...upload, parts },
  });
  checks.check(
    early.status === 400,
    `${label}: completing with missing parts is refused (got ${early.status})`,
  );
  const thumb = await thumbnail(context.base, context.token);
  const attach = await request(context.base, 'POST', '/api/products/create', {
    token: context.token,
    json: {
      title: 'not yet',
      price: 10,
      files: [{ s3Key: upload.s3Key }],
      thumbnails: [{ s3Key: thumb }],
    },
  });
  checks.check(
    attach.status === 400,
    `${label}: a product cannot attach the unfinished upload (got ${attach.status})`,
  );
  checks.check(!(await exists(objectFile)), `${label}: still no object after the refusals`);
}

async function incomingEntries(storageRoot: string): Promise<string[]> {
  return readdir(path.join(storageRoot, '.incoming')).catch(() => []);
}

async function drill(kind: 'pglite' | 'postgres') {
  const checks = new Checks();
  const timings: Record<string, number> = {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `drill-upload-${kind}-`));
  const storageRoot = path.join(dataDir, 'storage');
  const databaseUrl = kind === 'postgres' ? await createDatabase('upload') : undefined;
  const port = await freePort();
  const serverOptions = { dataDir, port, databaseUrl };
  let server: RunningServer | undefined;
  const fileA = seededBytes(`${seed}:A`, sizeA);
  const fileB = seededBytes(`${seed}:B`, sizeB);
  const shaA = sha256(fileA);
  try {
    log(`[${kind}] starting the server (DATA_DIR ${dataDir})`);
    let t = Date.now();
    server = await startServer(serverOptions);
    timings.firstStartMs = Date.now() - t;
    const base = server.base;
    const seller = await signUp(base, 'drillup');
    const { token } = seller;
    const context = { base, token, storageRoot };

    const start = (name: string, size: number) =>
      api<Started & { partSize: number }>(base, 'POST', '/api/products/start-multipart-upload', {
        token,
        json: { fileName: name, fileType: 'video/mp4', fileSize: size },
      }).then(({ uploadId, s3Key }) => ({ uploadId, s3Key }));
    const uploadA = await start('drill-a.mp4', sizeA);
    const uploadB = await start('drill-b.mp4', sizeB);

    // Acknowledged parts: A 1..K (4 in flight), B 1.
    const ackA = await sendParts(base, token, uploadA, fileA, range(1, acknowledgedA));
    const ackB = await sendParts(base, token, uploadB, fileB, [1]);
    log(`[${kind}] acknowledged: A parts 1-${acknowledgedA}, B part 1`);

    // Half-sent at the kill: A K+1..K+4, B 2, and a single PUT (a thumbnail).
    const held: { label: string; done: Promise<string>; sent: Promise<void> }[] = [];
    const heldA = range(acknowledgedA + 1, acknowledgedA + inFlight);
    for (const partNumber of heldA) {
      const url = await partUrl(base, token, uploadA, partNumber);
      const offset = (partNumber - 1) * partBytes;
      const size = partSize(sizeA, partNumber);
      held.push({
        label: `A${partNumber}`,
        ...putPart(base, url, fileA.subarray(offset, offset + size), Math.floor(size / 2)),
      });
    }
    const urlB2 = await partUrl(base, token, uploadB, 2);
    held.push({
      label: 'B2',
      ...putPart(base, urlB2, fileB.subarray(partBytes, 2 * partBytes), partBytes / 2),
    });
    const single = await api<{ uploadUrl: string; s3Key: string; contentType: string }>(
      base,
      'POST',
      '/api/products/get-upload-url',
      {
        token,
        json: {
          fileName: 'cut.png',
          fileType: 'image/png',
          fileSize: 4 * 1024 * 1024,
          isImage: true,
        },
      },
    );
    const singleBody = seededBytes(`${seed}:single`, 4 * 1024 * 1024);
    const singleReq = http.request(`${base}${single.uploadUrl}`, {
      method: 'PUT',
      agent: false,
      headers: { 'content-type': single.contentType, 'content-length': String(singleBody.length) },
    });
    singleReq.on('error', () => undefined);
    singleReq.on('response', (res) => res.resume());
    await new Promise<void>((resolve) =>
      singleReq.write(singleBody.subarray(0, 2 * 1024 * 1024), () => resolve()),
    );
    await Promise.all(held.map((part) => part.sent));

    // Wait until the server has written bytes of the last held part of A (mid-part on disk).
    const tempA = path.join(storageRoot, '.incoming', uploadA.uploadId);
    const lastHeld = heldA.at(-1) ?? acknowledgedA;
    const mark = (lastHeld - 1) * partBytes + 1024 * 1024;
    const deadline = Date.now() + 10_000;
    let tempSize = 0;
    let putTemps: string[] = [];
    while (Date.now() < deadline) {
      tempSize = (await stat(tempA)).size;
      putTemps = (await incomingEntries(storageRoot)).filter((name) => name.startsWith('put-'));
      if (tempSize >= mark && putTemps.length > 0) break;
      await sleep(20);
    }
    checks.check(
      tempSize >= mark,
      `[${kind}] held part ${lastHeld} of A is partly on disk at the kill`,
    );
    checks.check(putTemps.length === 1, `[${kind}] the cut single PUT has a temp file at the kill`);
    await sleep(200);

    await checkInvisible(
      checks,
      `[${kind}] before the kill, A`,
      context,
      uploadA,
      [...ackA.entries()].map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
    );

    log(`[${kind}] kill -9 with ${held.length + 1} requests half-sent`);
    t = Date.now();
    await killHard(server);
    const heldResults = await Promise.allSettled(held.map((part) => part.done));
    checks.check(
      heldResults.every((result) => result.status === 'rejected'),
      `[${kind}] no half-sent part was acknowledged`,
    );
    checks.check(
      !(await exists(path.join(storageRoot, ...uploadA.s3Key.split('/')))),
      `[${kind}] after the kill: no object under A's key`,
    );
    checks.check(
      !(await exists(path.join(storageRoot, ...single.s3Key.split('/')))),
      `[${kind}] after the kill: no object under the cut single PUT's key`,
    );

    server = await startServer(serverOptions);
    timings.restartAfterKillMs = Date.now() - t;
    log(`[${kind}] restarted in ${timings.restartAfterKillMs} ms`);

    // The token is still valid (its secret is under DATA_DIR), and the parts are listed.
    const listedA = (await listParts(server.base, token, uploadA)).parts;
    const listedNumbers = listedA.map((part) => part.PartNumber);
    checks.check(
      sameNumbers(listedNumbers, [...ackA.keys()]),
      `[${kind}] A lists exactly the acknowledged parts (${listedNumbers.join(',')})`,
    );
    checks.check(
      listedA.every((part) => ackA.get(part.PartNumber) === part.ETag),
      `[${kind}] A's listed ETags are the acknowledged ones`,
    );
    checks.check(
      listedA.every((part) => part.Size === partSize(sizeA, part.PartNumber)),
      `[${kind}] A's listed sizes are right`,
    );
    const listedB = (await listParts(server.base, token, uploadB)).parts;
    checks.check(
      sameNumbers(
        listedB.map((part) => part.PartNumber),
        [...ackB.keys()],
      ),
      `[${kind}] B lists exactly its acknowledged part`,
    );
    await checkInvisible(
      checks,
      `[${kind}] after the restart, A`,
      { ...context, base: server.base },
      uploadA,
      listedA.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
    );
    const cutComplete = await request(server.base, 'POST', '/api/products/complete-upload', {
      token,
      json: { s3Key: single.s3Key },
    });
    checks.check(
      cutComplete.status === 400,
      `[${kind}] the cut single PUT cannot be completed (got ${cutComplete.status})`,
    );

    // Resume A: only the missing parts.
    const missing = range(1, partCount(sizeA)).filter((n) => !listedNumbers.includes(n));
    t = Date.now();
    const resumed = await sendParts(server.base, token, uploadA, fileA, missing);
    const parts = [
      ...listedA.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
      ...[...resumed.entries()].map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
    ].sort((a, b) => a.PartNumber - b.PartNumber);
    const completed = await api<{ s3Key: string }>(
      server.base,
      'POST',
      '/api/products/complete-multipart-upload',
      { token, json: { ...uploadA, parts } },
    );
    const again = await request(server.base, 'POST', '/api/products/complete-multipart-upload', {
      token,
      json: { ...uploadA, parts },
    });
    timings.resumeMs = Date.now() - t;
    checks.check(completed.s3Key === uploadA.s3Key, `[${kind}] A completed under its key`);
    checks.check(
      again.status === 200 && again.json<{ s3Key: string }>().s3Key === uploadA.s3Key,
      `[${kind}] a retried completion answers the same (got ${again.status})`,
    );

    const product = await createProduct(server.base, token, { fileKey: uploadA.s3Key });
    const fileId = product.files[0]?.id ?? '';
    const { downloadUrl } = await api<{ downloadUrl: string }>(
      server.base,
      'GET',
      `/api/products/${product.product.id}/download/${fileId}`,
      { token },
    );
    const got = await download(server.base, downloadUrl);
    checks.check(
      got.status === 200 && got.bytes === sizeA && got.sha === shaA,
      `[${kind}] A downloads intact through the product (${got.bytes} bytes, sha256 ${got.sha.slice(0, 12)}…)`,
    );
    log(`[${kind}] A resumed (${missing.length} parts sent again) and intact`);

    // The abandoned ending: stop the server, sweep as if the TTL had passed.
    await stopServer(server);
    server = undefined;
    const beforeSweep = await incomingEntries(storageRoot);
    checks.check(
      beforeSweep.some((name) => name.startsWith(uploadB.uploadId)) &&
        beforeSweep.some((name) => name.startsWith('put-')),
      `[${kind}] before the sweep, B's temp files and the cut PUT's temp file are there`,
    );
    const sweep = await sweepAsIfLater(serverOptions);
    const afterSweep = await incomingEntries(storageRoot);
    checks.check(
      afterSweep.length === 0,
      `[${kind}] after the sweep, no temp file is left (${afterSweep.join(',')})`,
    );
    checks.check(
      !(await exists(path.join(storageRoot, ...uploadB.s3Key.split('/')))),
      `[${kind}] after the sweep, no object under B's key`,
    );
    checks.check(
      sweep.states[uploadB.s3Key] === 'aborted' && sweep.states[single.s3Key] === 'aborted',
      `[${kind}] after the sweep, the rows of B and the cut PUT are aborted (${sweep.states[uploadB.s3Key]}, ${sweep.states[single.s3Key]})`,
    );
    checks.check(
      sweep.states[uploadA.s3Key] === 'completed',
      `[${kind}] the sweep leaves A (attached) completed`,
    );

    // One more start: A still downloads, B is gone for good.
    t = Date.now();
    server = await startServer(serverOptions);
    timings.startAfterSweepMs = Date.now() - t;
    const goneB = await request(server.base, 'POST', '/api/products/list-uploaded-parts', {
      token,
      json: uploadB,
    });
    checks.check(
      goneB.status === 404,
      `[${kind}] B answers 404 after the sweep (got ${goneB.status})`,
    );
    const { downloadUrl: secondUrl } = await api<{ downloadUrl: string }>(
      server.base,
      'GET',
      `/api/products/${product.product.id}/download/${fileId}`,
      { token },
    );
    const again2 = await download(server.base, secondUrl);
    checks.check(again2.sha === shaA, `[${kind}] A still intact after the sweep and a restart`);
    const errorLines = server.lines.filter((line) => /"level":(50|60)/.test(line));
    checks.check(errorLines.length === 0, `[${kind}] no error logged by the last server`);

    return {
      database: kind,
      fileBytes: sizeA,
      parts: partCount(sizeA),
      acknowledgedBeforeKill: acknowledgedA,
      halfSentAtKill: held.length + 1,
      resentParts: missing.length,
      sha256: shaA,
      sweep: sweep.result,
      timings,
      ok: checks.ok,
      passed: checks.passed.length,
      failed: checks.failed,
    };
  } finally {
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  }
}

/**
 * The sweeper (the function behind `npm run uploads:sweep`) with its clock moved past the
 * upload TTL, on the server's own configuration, database and storage (server stopped).
 */
async function sweepAsIfLater(options: { dataDir: string; port: number; databaseUrl?: string }) {
  const env = serverEnvironment(options);
  const config = loadConfig(env);
  if (config.storage.driver !== 'local') throw new Error('the drill needs the local driver');
  const later = Date.now() + (config.uploadTtlHours + 1) * 60 * 60 * 1000;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const storage = new LocalStorage({ ...config.storage, now: () => later });
    const result = await sweepUploads({
      uploads: createUploadRepository(database),
      storage,
      ttlHours: config.uploadTtlHours,
      now: () => new Date(later),
    });
    const { uploads } = await import('../../apps/api/src/db/schema.ts');
    const rows = await database.db
      .select({ key: uploads.storageKey, state: uploads.state })
      .from(uploads);
    return {
      result,
      states: Object.fromEntries(rows.map((row) => [row.key, row.state])) as Record<string, string>,
    };
  } finally {
    await database.close();
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

function sameNumbers(a: number[], b: number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((value, index) => value === y[index]);
}

async function main() {
  const only = argument('only');
  const runs: Record<string, unknown>[] = [];
  const started = Date.now();
  for (const kind of ['pglite', 'postgres'] as const) {
    if (only && only !== kind) continue;
    if (kind === 'postgres' && !(await postgresAvailable())) {
      log('PostgreSQL does not answer: skipping the PostgreSQL run');
      runs.push({ database: kind, skipped: 'PostgreSQL not reachable' });
      continue;
    }
    try {
      runs.push(await drill(kind));
    } catch (error) {
      log(`[${kind}] drill failed: ${(error as Error).stack ?? error}`);
      runs.push({ database: kind, ok: false, error: String((error as Error).message ?? error) });
    }
  }
  const ok = runs.every((entry) => entry.ok === true || entry.skipped);
  const result = {
    measuredAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    seconds: round((Date.now() - started) / 1000, 1),
    ok,
    runs,
  };
  partAgent.destroy();
  recordResult('upload-kill', result);
  for (const entry of runs) {
    const failed = (entry.failed as string[] | undefined) ?? [];
    log(
      `[${entry.database}] ${entry.ok ? 'PASS' : entry.skipped ? 'SKIPPED' : 'FAIL'}${failed.length ? `: ${failed.join('; ')}` : ''}${entry.error ? `: ${entry.error}` : ''}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
