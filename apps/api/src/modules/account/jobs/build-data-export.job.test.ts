import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataExportResponse } from '@seller/contract/auth/data-export';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, jobs } from '../../../db/schema.ts';
import { createStorage } from '../../../storage/create-storage.ts';
import type { Storage } from '../../../storage/storage.ts';
import { bearer, signUpSeller, type TestSeller } from '../../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { abandonedJobError } from '../../jobs/job-queue.ts';
import { buildDataExportKind, buildDataExportLeaseMs } from './build-data-export.job.ts';

/**
 * Two server copies over one database and one data directory, neither with a running worker:
 * the tests run each copy's due jobs themselves. The second copy's store holds the writes of
 * data exports until the test lets them go, so that its build stalls where a slow store would.
 */
let t: TestApp;
let stalling: FastifyInstance;
let store: Storage;
const heldWrites: { key: string; release: () => void }[] = [];

function holdingExportWrites(configured: Storage): Storage {
  return new Proxy(configured, {
    get(target, property, receiver) {
      if (property === 'put') {
        return async (...args: Parameters<Storage['put']>) => {
          if (args[0].includes('/exports/')) {
            await new Promise<void>((release) => heldWrites.push({ key: args[0], release }));
          }
          return target.put(...args);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKER: 'off', PUBLIC_URL: 'https://seller.example.com' });
  stalling = await createSiblingApp(
    t,
    {
      JOB_WORKER: 'off',
      JWT_SECRET: t.config.jwtSecret,
      PUBLIC_URL: 'https://seller.example.com',
    },
    { storage: holdingExportWrites },
  );
  store = await createStorage(t.config.storage);
});
afterAll(async () => {
  for (const write of heldWrites) write.release();
  await stalling.close();
  await t.close();
});

const askForExport = (seller: TestSeller) =>
  t.app.inject({ method: 'POST', url: '/api/auth/export', headers: bearer(seller.token) });

async function latestExport(seller: TestSeller) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/export',
    headers: bearer(seller.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DataExportResponse>().export;
}

async function exportRow(seller: TestSeller) {
  const [row] = await t.database.db
    .select()
    .from(dataExports)
    .where(sql`${dataExports.sellerId} = (select id from sellers where email = ${seller.email})`)
    .orderBy(sql`${dataExports.requestedAt} desc`)
    .limit(1);
  if (!row) throw new Error('no export');
  return row;
}

async function buildJob(exportId: string) {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, buildDataExportKind));
  const row = rows.find((entry) => (entry.payload as { exportId: string }).exportId === exportId);
  if (!row) throw new Error('no build job');
  return row;
}

async function readyMailsTo(email: string): Promise<number> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml'));
  const texts = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')));
  return texts.filter(
    (text) =>
      text.includes(`To: ${email}`) &&
      text.includes('Your Seller Center data is ready to download'),
  ).length;
}

describe('building a data export', () => {
  it('is claimed for a long lease', async () => {
    const seller = await signUpSeller(t.app);
    expect((await askForExport(seller)).statusCode).toBe(202);
    const { id } = await exportRow(seller);
    const running = stalling.jobQueue.runDue();
    await expect.poll(() => heldWrites.length, { interval: 10, timeout: 20_000 }).toBe(1);
    const job = await buildJob(id);
    expect((job.lockedUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(
      buildDataExportLeaseMs - 60_000,
    );
    heldWrites.shift()?.release();
    await running;
    expect((await latestExport(seller))?.status).toBe('ready');
  });

  it('by a copy that stalled past its lease neither replaces nor deletes the file another copy offered, nor mails again', async () => {
    const seller = await signUpSeller(t.app);
    expect((await askForExport(seller)).statusCode).toBe(202);
    const { id } = await exportRow(seller);

    // The second copy takes the job and stalls writing the file.
    const stalled = stalling.jobQueue.runDue();
    await expect.poll(() => heldWrites.length, { interval: 10, timeout: 20_000 }).toBe(1);
    const stalledKey = heldWrites[0]?.key ?? '';
    // Its lease runs out (moved back rather than waited for): the first copy takes the job,
    // offers its own file and mails the seller.
    await t.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, (await buildJob(id)).id));
    await t.app.jobQueue.runDue();
    const offered = await latestExport(seller);
    expect(offered?.status).toBe('ready');
    const offeredKey = (await exportRow(seller)).storageKey ?? '';
    expect(offeredKey).not.toBe(stalledKey);
    expect(await readyMailsTo(seller.email)).toBe(1);

    // The stalled copy wakes up: its run lost the job, and changes nothing anyone sees.
    heldWrites.shift()?.release();
    await stalled;
    await t.app.jobQueue.runDue();
    await stalling.jobQueue.runDue();
    expect(await exportRow(seller)).toMatchObject({ status: 'ready', storageKey: offeredKey });
    expect(await store.head(stalledKey)).toBeUndefined();
    const link = new URL((await latestExport(seller))?.downloadUrl ?? '');
    const download = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(download.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(download.rawPayload)))).toContain('profile.json');
    expect(await readyMailsTo(seller.email)).toBe(1);
    expect(await buildJob(id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('that takes its worker down each time fails after the last attempt, and may be asked again', async () => {
    const seller = await signUpSeller(t.app);
    expect((await askForExport(seller)).statusCode).toBe(202);
    const { id, sellerId } = await exportRow(seller);
    const job = await buildJob(id);
    for (let attempt = 1; attempt <= job.maxAttempts; attempt++) {
      // A worker (of a copy that keeps crashing on this build) takes the build and dies with it: the claim is never given back, and its
      // lease runs out (moved back rather than waited for).
      await t.database.db
        .update(jobs)
        .set({
          state: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: sql`now() - interval '1 second'`,
        })
        .where(eq(jobs.id, job.id));
    }
    // The last attempt had named and written its file before its worker died.
    const leftover = `sellers/${sellerId}/exports/${id}-${job.maxAttempts}.zip`;
    await store.put(leftover, new Uint8Array([80, 75]), { contentType: 'application/zip' });
    await t.database.db
      .update(dataExports)
      .set({ storageKey: leftover })
      .where(eq(dataExports.id, id));
    // Still building, as far as the seller can tell, until a worker looks.
    expect((await latestExport(seller))?.status).toBe('pending');
    expect((await askForExport(seller)).json<DataExportResponse>().export?.status).toBe('pending');

    await t.app.jobQueue.runDue();
    expect(await buildJob(id)).toMatchObject({
      state: 'failed',
      attempts: job.maxAttempts,
      lastError: abandonedJobError,
    });
    expect((await latestExport(seller))?.status).toBe('failed');
    // The recurring removal of export files takes what the failed build left.
    await t.app.jobQueue.enqueueSlots();
    await t.app.jobQueue.runDue();
    expect(await store.head(leftover)).toBeUndefined();

    const again = await askForExport(seller);
    expect(again.statusCode).toBe(202);
    expect(again.json<DataExportResponse>().export?.status).toBe('pending');
    await t.app.jobQueue.runDue();
    expect((await latestExport(seller))?.status).toBe('ready');
  });
});
