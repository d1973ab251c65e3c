import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { jobs, uploads } from '../../db/schema.ts';
import { jobSchedules } from '../../job-schedules.ts';
import { LocalStorage } from '../../storage/local-driver.ts';
import { signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { api, putBytes, type StartedMultipart, sendParts } from '../../test/upload-calls.ts';
import { uploadClaimer } from '../../test/upload-claims.ts';
import { createUploadRepository } from './uploads.repository.ts';
import { sweepUploads } from './uploads.sweeper.ts';

let t: TestApp;
let seller: TestSeller;
let storage: LocalStorage;
let root: string;

beforeAll(async () => {
  // The server's own scheduled sweep is off here: these tests run the sweeps themselves.
  t = await createTestApp({ UPLOAD_TTL_HOURS: '24', UPLOAD_SWEEP_INTERVAL_MINUTES: '0' });
  if (t.config.storage.driver !== 'local') throw new Error('local driver expected');
  root = t.config.storage.root;
  storage = new LocalStorage({
    root,
    signingSecret: t.config.storage.signingSecret,
    publicBaseUrl: '',
  });
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

async function single(complete: boolean) {
  const body = randomBytes(64);
  const started = await api<{ uploadUrl: string; s3Key: string }>(
    t.app,
    seller.token,
    '/api/products/get-upload-url',
    { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: body.length, isImage: false },
  );
  expect((await putBytes(t.app, started.uploadUrl, body, 'application/pdf')).statusCode).toBe(200);
  if (complete) {
    await api(t.app, seller.token, '/api/products/complete-upload', { s3Key: started.s3Key });
  }
  return started.s3Key;
}

async function row(key: string) {
  const [found] = await t.database.db.select().from(uploads).where(eq(uploads.storageKey, key));
  return found;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('sweepUploads', () => {
  it('removes abandoned uploads and keeps the attached and the fresh ones', async () => {
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);

    const pendingWithBytes = await single(false);
    const completedUnattached = await single(true);
    const completedAttached = await single(true);
    const sellerId = (await row(completedAttached))?.sellerId ?? '';
    const claim = await uploadClaimer(t);
    await claim(sellerId, [completedAttached], 'file');
    const data = randomBytes(1000);
    const multipart = await api<StartedMultipart>(
      t.app,
      seller.token,
      '/api/products/start-multipart-upload',
      { fileName: 'v.mp4', fileType: 'video/mp4', fileSize: data.length },
    );
    await sendParts(t.app, seller.token, multipart, data);
    const strayTemp = path.join(root, '.incoming', 'put-stray');
    await writeFile(strayTemp, 'left by a crash');
    const old = new Date(Date.now() - 48 * 60 * 60 * 1000);
    await utimes(strayTemp, old, old);

    // Nothing has expired yet.
    const early = await sweepUploads({
      uploads: createUploadRepository(t.database),
      storage,
      ttlHours: 24,
    });
    expect(early.swept).toBe(0);
    expect(early.orphans).toBe(1);
    expect(await exists(strayTemp)).toBe(false);

    const result = await sweepUploads({
      uploads: createUploadRepository(t.database),
      storage,
      ttlHours: 24,
      now: () => later,
    });
    expect(result).toMatchObject({ swept: 3, failed: 0 });
    for (const key of [pendingWithBytes, completedUnattached, multipart.s3Key]) {
      expect((await row(key))?.state).toBe('aborted');
      expect(await storage.head(key)).toBeUndefined();
    }
    expect(
      (await readdir(path.join(root, '.incoming'))).filter((n) => n.startsWith(multipart.uploadId)),
    ).toEqual([]);
    expect((await row(completedAttached))?.state).toBe('completed');
    expect(await readFile(path.join(root, completedAttached))).toHaveLength(64);

    // An abandoned upload can no longer be attached.
    await expect(claim(sellerId, [completedUnattached], 'file')).rejects.toMatchObject({
      code: 'upload_not_found',
    });
  });
});

describe('the scheduled sweep', () => {
  it('runs as a job once per UPLOAD_SWEEP_INTERVAL_MINUTES slot, and not at all with 0', async () => {
    let clock = new Date('2026-03-10T10:05:00Z');
    const app = await createTestApp(
      { UPLOAD_SWEEP_INTERVAL_MINUTES: '30' },
      { clock: () => clock },
    );
    try {
      if (app.config.storage.driver !== 'local') throw new Error('local driver expected');
      // The slot the server started in has been swept.
      await app.app.jobQueue.enqueueSlots();
      await app.app.jobQueue.runDue();
      const stray = path.join(app.config.storage.root, '.incoming', 'put-stray');
      await writeFile(stray, 'left by a crash');
      const old = new Date(Date.now() - 48 * 60 * 60 * 1000);
      await utimes(stray, old, old);

      // Later in the same slot: no second sweep.
      clock = new Date('2026-03-10T10:29:00Z');
      await app.app.jobQueue.enqueueSlots();
      await app.app.jobQueue.runDue();
      expect(await exists(stray)).toBe(true);

      clock = new Date('2026-03-10T10:30:00Z');
      await app.app.jobQueue.enqueueSlots();
      await app.app.jobQueue.runDue();
      expect(await exists(stray)).toBe(false);
      const sweeps = await app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.kind, 'sweep-uploads'))
        .orderBy(jobs.createdAt);
      expect(sweeps.map((job) => [job.dedupeKey, job.state])).toEqual([
        ['schedule:sweep-uploads:2026-03-10T10:00:00.000Z', 'done'],
        ['schedule:sweep-uploads:2026-03-10T10:30:00.000Z', 'done'],
      ]);
    } finally {
      await app.close();
    }
    const off = jobSchedules(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: root, UPLOAD_SWEEP_INTERVAL_MINUTES: '0' }),
    );
    expect(off.map((schedule) => schedule.kind)).not.toContain('sweep-uploads');
  });
});
