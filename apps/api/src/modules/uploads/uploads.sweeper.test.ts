import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
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
  t = await createTestApp({ UPLOAD_TTL_HOURS: '24' });
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
