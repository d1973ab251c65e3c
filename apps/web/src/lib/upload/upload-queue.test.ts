import { describe, expect, it, vi } from 'vitest';
import {
  createUploadQueue,
  isUploading,
  itemSecondsLeft,
  needsLargeUploadNotice,
  secondsLeft,
  type UploadRunner,
} from './upload-queue';
import { UploadError, type UploadSource } from './uploader';

const file = (name: string): UploadSource =>
  Object.assign(new Blob(['x']), { name, lastModified: 1 });

describe('upload queue', () => {
  it('moves items from pending to uploading (with percent) to completed, files before images', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const runner: UploadRunner = async (source, options) => {
      order.push(source.name);
      options.onProgress?.({ loaded: 5, total: 10, percent: 50 });
      if (source.name === 'a.pdf') await new Promise<void>((resolve) => (release = resolve));
      return {
        s3Key: source.name,
        bucket: 'b',
        publicUrl: '',
        originalName: source.name,
        size: 10,
        type: 't',
      };
    };
    const queue = createUploadQueue(runner);
    queue.add([file('cover.png')], 'image');
    const [pdf] = queue.add([file('a.pdf')], 'file');
    expect(queue.getSnapshot().map((i) => i.status)).toEqual(['pending', 'pending']);

    const running = queue.uploadAll();
    await vi.waitFor(() =>
      expect(queue.getSnapshot().find((i) => i.id === pdf?.id)).toMatchObject({
        status: 'uploading',
        percent: 50,
      }),
    );
    expect(isUploading(queue.getSnapshot())).toBe(true);
    expect(queue.remove(pdf?.id ?? '')).toBe(false);
    release();
    const results = await running;
    expect(order).toEqual(['a.pdf', 'cover.png']);
    expect(results.files.map((r) => r.s3Key)).toEqual(['a.pdf']);
    expect(results.images.map((r) => r.s3Key)).toEqual(['cover.png']);
    expect(queue.getSnapshot().every((i) => i.status === 'completed' && i.percent === 100)).toBe(
      true,
    );
    expect(queue.remove(pdf?.id ?? '')).toBe(true);
  });

  it('marks a failure with a message naming the file, and a cancel as cancelled', async () => {
    const runner: UploadRunner = async (source, options) =>
      new Promise((_, reject) => {
        if (source.name === 'bad.zip') reject(new UploadError('failed', source.name));
        options.signal?.addEventListener('abort', () =>
          reject(new UploadError('cancelled', source.name)),
        );
      });
    const queue = createUploadQueue(runner);
    const [bad] = queue.add([file('bad.zip')], 'file');
    await expect(queue.uploadAll()).rejects.toThrow('Upload failed: bad.zip');
    expect(queue.getSnapshot()[0]).toMatchObject({ id: bad?.id, status: 'failed' });

    const [slow] = queue.add([file('slow.zip')], 'file');
    const pending = queue.upload(slow?.id ?? '');
    queue.cancel(slow?.id ?? '');
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    expect(queue.getSnapshot().find((i) => i.id === slow?.id)?.status).toBe('cancelled');
  });

  it('keeps the bytes sent, the speed, the time left and the retry under way', async () => {
    let clock = 0;
    let step: (loaded: number, retry?: { attempt: number; maxAttempts: number }) => void = () => {};
    let finish: () => void = () => {};
    const runner: UploadRunner = (source, options) =>
      new Promise((resolve) => {
        step = (loaded, retry) =>
          options.onProgress?.({
            loaded,
            total: 10_000,
            percent: Math.floor(loaded / 100),
            ...(retry ? { retry } : {}),
          });
        finish = () =>
          resolve({
            s3Key: source.name,
            bucket: 'b',
            publicUrl: '',
            originalName: source.name,
            size: 10_000,
            type: 't',
          });
      });
    const queue = createUploadQueue(runner, { now: () => clock });
    const big = Object.assign(new Blob([new Uint8Array(10_000)]), {
      name: 'big.zip',
      lastModified: 1,
    });
    queue.add([big, file('next.pdf')], 'file');
    const running = queue.uploadAll();
    const item = () => queue.getSnapshot()[0];

    step(0);
    clock = 1000;
    step(2000);
    // 2,000 bytes in one second: 2,000 B/s, 8,000 bytes (+1 of the next file) left.
    expect(item()).toMatchObject({ loaded: 2000, percent: 20, speed: 2000 });
    const first = item();
    if (!first) throw new Error('no item');
    expect(itemSecondsLeft(first)).toBe(4);
    expect(secondsLeft(queue.getSnapshot())).toBeCloseTo(8001 / 2000);

    clock = 1100;
    step(2000, { attempt: 2, maxAttempts: 6 });
    expect(item()?.retry).toEqual({ attempt: 2, maxAttempts: 6 });
    clock = 1200;
    step(0);
    // The retry starts over: no speed until it is measured again.
    expect(item()).toMatchObject({ loaded: 0, retry: undefined, speed: undefined });
    expect(secondsLeft(queue.getSnapshot())).toBeUndefined();

    finish();
    await vi.waitFor(() =>
      expect(item()).toMatchObject({ status: 'completed', loaded: 10_000, percent: 100 }),
    );
    finish();
    await running;
  });

  it('flags files of 500 MB or more for the large-upload notice', () => {
    expect(needsLargeUploadNotice([{ size: 524_288_000 - 1 }])).toBe(false);
    expect(needsLargeUploadNotice([{ size: 10 }, { size: 524_288_000 }])).toBe(true);
  });
});
