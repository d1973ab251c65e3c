import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import type { PutBlob } from './put-blob';
import { TransferError } from './put-blob';
import { createResumeStore } from './resume-store';
import {
  type UploadApi,
  UploadError,
  type UploadProgress,
  type UploadSource,
  uploadFailureReason,
  uploadFile,
} from './uploader';

const MiB = 1024 * 1024;
const partBytes = 5 * MiB;

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function makeFile(size: number, name = 'lesson.mp4', type = 'video/mp4'): UploadSource {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 251;
  return Object.assign(new Blob([bytes], { type }), { name, lastModified: 1_700_000_000_000 });
}

/** An in-memory server and store that check what a real one checks. */
function fakeBackend() {
  const events: string[] = [];
  const objects = new Map<string, Uint8Array>();
  const multipart = new Map<
    string,
    { s3Key: string; size: number; parts: Map<number, { etag: string; bytes: Uint8Array }> }
  >();
  let inFlight = 0;
  let maxInFlight = 0;
  let nextId = 0;
  const failures: ((url: string) => Error | undefined)[] = [];
  let hideEtag = false;

  const api: UploadApi = {
    async getUploadUrl(body) {
      const s3Key = `sellers/me/${++nextId}.${body.fileName.split('.').pop()}`;
      events.push(`sign single ${s3Key}`);
      return {
        uploadUrl: `single:${s3Key}:${body.fileSize}`,
        s3Key,
        bucket: 'local',
        publicUrl: `/p/${s3Key}`,
        contentType: body.fileName.endsWith('.zip') ? 'application/zip' : 'video/mp4',
      };
    },
    async avatarUploadUrl(body) {
      const s3Key = `sellers/me/${++nextId}.png`;
      return {
        uploadUrl: `single:${s3Key}:${body.fileSize}`,
        s3Key,
        publicUrl: `/p/${s3Key}`,
        contentType: 'image/png',
      };
    },
    async completeUpload({ s3Key }) {
      events.push(`complete single ${s3Key}`);
      if (!objects.has(s3Key)) throw new ApiError({ status: 400, code: 'upload_incomplete' });
      return { s3Key, bucket: 'local', publicUrl: `/p/${s3Key}` };
    },
    async startMultipart(body) {
      // The web app always declares the size; the contract leaves it optional for others.
      if (body.fileSize === undefined) throw new Error('the uploader declares the file size');
      const uploadId = `u${++nextId}`;
      const s3Key = `sellers/me/${nextId}.mp4`;
      multipart.set(uploadId, { s3Key, size: body.fileSize, parts: new Map() });
      events.push(`start ${uploadId}`);
      return { uploadId, s3Key, bucket: 'local', partSize: partBytes };
    },
    async partUrl({ uploadId, partNumber }) {
      if (!multipart.has(uploadId)) throw new ApiError({ status: 404, code: 'not_found' });
      events.push(`sign ${partNumber}`);
      return { uploadUrl: `part:${uploadId}:${partNumber}` };
    },
    async listParts({ uploadId }) {
      const upload = multipart.get(uploadId);
      if (!upload) throw new ApiError({ status: 404, code: 'not_found' });
      events.push('list');
      return {
        parts: [...upload.parts.entries()].map(([PartNumber, part]) => ({
          PartNumber,
          ETag: part.etag,
          Size: part.bytes.length,
        })),
      };
    },
    async completeMultipart({ uploadId, parts }) {
      const upload = multipart.get(uploadId);
      if (!upload) throw new ApiError({ status: 404, code: 'not_found' });
      const chunks = parts.map((p) => {
        const stored = upload.parts.get(p.PartNumber);
        if (stored?.etag !== p.ETag) throw new ApiError({ status: 400, code: 'upload_incomplete' });
        return stored.bytes;
      });
      const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        whole.set(chunk, offset);
        offset += chunk.length;
      }
      if (whole.length !== upload.size)
        throw new ApiError({ status: 400, code: 'upload_incomplete' });
      objects.set(upload.s3Key, whole);
      multipart.delete(uploadId);
      events.push('complete multipart');
      return { s3Key: upload.s3Key, bucket: 'local', publicUrl: `/p/${upload.s3Key}` };
    },
    async abortMultipart({ uploadId }) {
      events.push(`abort ${uploadId}`);
      multipart.delete(uploadId);
    },
  };

  const put: PutBlob = async (url, body, options) => {
    const failure = failures.shift()?.(url);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      events.push(`put ${url.split(':').slice(-1)[0]}`);
      // The store answers on a later turn of the event loop, after the API calls under way.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) throw new DOMException('cancelled', 'AbortError');
      if (failure) throw failure;
      options.onProgress?.(Math.floor(body.size / 2));
      const bytes = new Uint8Array(await body.arrayBuffer());
      const [kind, id, third] = url.split(':');
      if (kind === 'single') {
        if (Number(third) !== bytes.length) throw new TransferError(400, 'length');
        objects.set(id ?? '', bytes);
      } else {
        const upload = multipart.get(id ?? '');
        if (!upload) throw new TransferError(404, 'gone');
        const partNumber = Number(third);
        const expected = Math.min(partBytes, upload.size - (partNumber - 1) * partBytes);
        if (bytes.length !== expected) throw new TransferError(400, 'length');
        upload.parts.set(partNumber, { etag: `"${id}-${partNumber}-${events.length}"`, bytes });
        options.onProgress?.(body.size);
        return { etag: hideEtag ? undefined : upload.parts.get(partNumber)?.etag };
      }
      options.onProgress?.(body.size);
      return { etag: '"single"' };
    } finally {
      inFlight -= 1;
    }
  };

  return {
    api,
    put,
    events,
    objects,
    multipart,
    failNext: (make: (url: string) => Error | undefined) => failures.push(make),
    hideEtag: () => {
      hideEtag = true;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

const instant = async () => {};
const online = async () => {};

async function sameBytes(file: Blob, stored: Uint8Array | undefined) {
  expect(stored).toBeDefined();
  expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(stored ?? []))).toBe(true);
}

describe('uploadFile', () => {
  it('sends a small file with one PUT of its canonical type, then completes it', async () => {
    const backend = fakeBackend();
    const types: (string | undefined)[] = [];
    const percents: number[] = [];
    const file = makeFile(3000, 'pack.zip', 'application/x-zip-compressed');
    const result = await uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: (url, body, options) => {
        types.push(options.contentType);
        return backend.put(url, body, options);
      },
      resumeStore: createResumeStore(memoryStorage()),
      onProgress: (progress) => percents.push(progress.percent),
    });
    expect(types).toEqual(['application/zip']);
    expect(result).toMatchObject({
      originalName: 'pack.zip',
      size: 3000,
      type: 'application/zip',
      bucket: 'local',
    });
    await sameBytes(file, backend.objects.get(result.s3Key));
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents.slice(0, -1).every((p) => p < 100)).toBe(true);
  });

  it('sends a large file in 5 MiB slices, 4 at a time, each URL signed before its PUT', async () => {
    const backend = fakeBackend();
    const file = makeFile(partBytes * 6 + 123);
    const storage = memoryStorage();
    const result = await uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(storage),
      thresholdBytes: MiB,
    });
    await sameBytes(file, backend.objects.get(result.s3Key));
    expect(backend.maxInFlight).toBe(4);
    for (let part = 1; part <= 7; part++) {
      const signed = backend.events.indexOf(`sign ${part}`);
      const sent = backend.events.indexOf(`put ${part}`);
      expect(signed).toBeGreaterThanOrEqual(0);
      expect(sent).toBeGreaterThan(signed);
    }
    expect(backend.events.filter((e) => e.startsWith('sign')).length).toBe(7);
    expect(storage.map.size).toBe(0);
  });

  it('asks for the next part’s URL while a part is sent: no API round trip between parts', async () => {
    const backend = fakeBackend();
    const file = makeFile(partBytes * 2 + 10);
    await uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(memoryStorage()),
      thresholdBytes: MiB,
      concurrency: 1,
    });
    expect(backend.events).toEqual([
      'start u1',
      'sign 1',
      'sign 2',
      'put 1',
      'sign 3',
      'put 2',
      'put 3',
      'complete multipart',
    ]);
  });

  it('retries a failed part with a freshly signed URL after a back-off', async () => {
    const backend = fakeBackend();
    const waits: number[] = [];
    backend.failNext(() => new TransferError(0, 'network down'));
    backend.failNext(() => new TransferError(503, 'busy'));
    const file = makeFile(partBytes + 10);
    const result = await uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(memoryStorage()),
      thresholdBytes: MiB,
      concurrency: 1,
      sleep: async (ms) => void waits.push(ms),
      waitForNetwork: online,
    });
    await sameBytes(file, backend.objects.get(result.s3Key));
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThan(waits[0] ?? 0);
    expect(backend.events.filter((e) => e === 'sign 1')).toHaveLength(3);
  });

  it('reports the attempt under way while a request is retried, and clears it once it passes', async () => {
    const backend = fakeBackend();
    backend.failNext(() => new TransferError(503, 'busy'));
    backend.failNext(() => new TransferError(0, 'network down'));
    const progress: UploadProgress[] = [];
    const file = makeFile(3000, 'guide.pdf', 'application/pdf');
    await uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(memoryStorage()),
      sleep: instant,
      waitForNetwork: online,
      onProgress: (report) => progress.push(report),
    });
    const retries = progress.map((report) => report.retry);
    expect(retries).toContainEqual({ attempt: 2, maxAttempts: 6 });
    expect(retries).toContainEqual({ attempt: 3, maxAttempts: 6 });
    expect(retries.indexOf(undefined)).toBe(0);
    expect(retries.at(-1)).toBeUndefined();
    expect(progress.at(-1)?.percent).toBe(100);
  });

  it('says why an upload failed: no connection, a failing server, a refusal', async () => {
    const reasons: string[] = [];
    for (const failure of [
      new TransferError(0, 'network down'),
      new TransferError(503, 'busy'),
      new TransferError(400, 'bad'),
    ]) {
      const backend = fakeBackend();
      for (let attempt = 0; attempt < 3; attempt++) backend.failNext(() => failure);
      const error = await uploadFile(makeFile(3000, 'guide.pdf', 'application/pdf'), {
        kind: 'file',
        api: backend.api,
        put: backend.put,
        resumeStore: createResumeStore(memoryStorage()),
        sleep: instant,
        waitForNetwork: online,
        maxAttempts: 3,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UploadError);
      reasons.push(uploadFailureReason(error as UploadError));
    }
    expect(reasons).toEqual(['network', 'server', 'refused']);
    expect(uploadFailureReason(new UploadError('cancelled', 'a.pdf'))).toBe('cancelled');
    expect(uploadFailureReason(new UploadError('too_large', 'a.pdf'))).toBe('tooLarge');
  });

  it('after a failure, picking the same file again resumes: only the missing parts are sent', async () => {
    const backend = fakeBackend();
    const storage = memoryStorage();
    const file = makeFile(partBytes * 4 + 7);
    const options = {
      kind: 'file' as const,
      api: backend.api,
      put: backend.put,
      thresholdBytes: MiB,
      concurrency: 1,
      maxAttempts: 2,
      sleep: instant,
      waitForNetwork: online,
    };
    // The network goes away while part 3 is being sent, for longer than the retries last.
    let calls = 0;
    const failing: PutBlob = (url, body, opts) => {
      calls += 1;
      if (url.endsWith(':3')) return Promise.reject(new TransferError(0, 'offline'));
      return backend.put(url, body, opts);
    };
    const first = uploadFile(file, {
      ...options,
      put: failing,
      resumeStore: createResumeStore(storage),
    });
    await expect(first).rejects.toMatchObject({ code: 'failed', fileName: 'lesson.mp4' });
    await expect(first).rejects.toThrow('lesson.mp4');
    expect(calls).toBe(2 + 2);
    expect(storage.map.size).toBe(1);

    // "Reload": a new resume store over the same storage, the same file picked again.
    backend.events.length = 0;
    const result = await uploadFile(file, { ...options, resumeStore: createResumeStore(storage) });
    expect(backend.events.filter((e) => e.startsWith('put')).sort()).toEqual([
      'put 3',
      'put 4',
      'put 5',
    ]);
    expect(backend.events).toContain('list');
    expect(backend.events.some((e) => e.startsWith('start'))).toBe(false);
    await sameBytes(file, backend.objects.get(result.s3Key));
    expect(storage.map.size).toBe(0);
  });

  it('starts afresh when the server no longer knows the remembered upload', async () => {
    const backend = fakeBackend();
    const storage = memoryStorage();
    const file = makeFile(partBytes + 1);
    createResumeStore(storage).save(file, {
      uploadId: 'forgotten',
      s3Key: 'k',
      size: file.size,
      partSize: partBytes,
    });
    const result = await uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(storage),
      thresholdBytes: MiB,
    });
    await sameBytes(file, backend.objects.get(result.s3Key));
    expect(backend.events.some((e) => e.startsWith('start'))).toBe(true);
  });

  it('cancel stops the transfer, aborts the upload on the server and says so', async () => {
    const backend = fakeBackend();
    const storage = memoryStorage();
    const controller = new AbortController();
    const file = makeFile(partBytes * 8);
    const upload = uploadFile(file, {
      kind: 'file',
      api: backend.api,
      put: (url, body, options) => {
        if (url.endsWith(':2')) controller.abort();
        return backend.put(url, body, options);
      },
      resumeStore: createResumeStore(storage),
      thresholdBytes: MiB,
      signal: controller.signal,
    });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({
      code: 'cancelled',
      message: 'Upload cancelled: lesson.mp4',
    });
    expect(backend.events.filter((e) => e.startsWith('abort'))).toHaveLength(1);
    expect(backend.multipart.size).toBe(0);
    expect(storage.map.size).toBe(0);
    expect(backend.events.filter((e) => e.startsWith('put')).length).toBeLessThan(8);
  });

  it('fails, naming the file, when the store hides the ETag (bucket CORS)', async () => {
    const backend = fakeBackend();
    backend.hideEtag();
    await expect(
      uploadFile(makeFile(partBytes + 1, '수업.mp4'), {
        kind: 'file',
        api: backend.api,
        put: backend.put,
        resumeStore: createResumeStore(memoryStorage()),
        thresholdBytes: MiB,
        sleep: instant,
        waitForNetwork: online,
        maxAttempts: 1,
      }),
    ).rejects.toThrow('Upload failed: 수업.mp4');
  });

  it('refuses what the server would refuse before any call', async () => {
    const backend = fakeBackend();
    const base = {
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(memoryStorage()),
    };
    await expect(
      uploadFile(makeFile(10, 'logo.svg', 'image/svg+xml'), { ...base, kind: 'avatar' }),
    ).rejects.toMatchObject({
      code: 'invalid_type',
    });
    await expect(
      uploadFile(makeFile(5 * MiB + 1, 'me.png', 'image/png'), { ...base, kind: 'avatar' }),
    ).rejects.toMatchObject({ code: 'too_large', maxBytes: 5 * MiB });
    await expect(
      uploadFile(makeFile(10, 'a.exe', ''), { ...base, kind: 'file' }),
    ).rejects.toMatchObject({
      code: 'invalid_type',
    });
    expect(backend.events).toEqual([]);
  });

  it('uploads an avatar with one PUT and leaves completion to PUT /api/auth/avatar', async () => {
    const backend = fakeBackend();
    const result = await uploadFile(makeFile(2000, 'me.png', 'image/png'), {
      kind: 'avatar',
      api: backend.api,
      put: backend.put,
      resumeStore: createResumeStore(memoryStorage()),
    });
    expect(result.publicUrl).toBe(`/p/${result.s3Key}`);
    expect(backend.events.some((e) => e.startsWith('complete'))).toBe(false);
  });
});
