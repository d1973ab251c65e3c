import { limits } from '@seller/contract/limits';
import type { UploadKind } from '@seller/contract/upload-types';
import {
  UploadError,
  type UploadOptions,
  type UploadResult,
  type UploadRetry,
  type UploadSource,
  uploadFile,
} from './uploader';

export type UploadItemStatus = 'pending' | 'uploading' | 'completed' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  kind: UploadKind;
  file: UploadSource;
  name: string;
  size: number;
  status: UploadItemStatus;
  /** 0 to 100. */
  percent: number;
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes per second over the last few seconds; absent until it can be measured. */
  speed?: number;
  /** Set while a failed request of this upload is tried again. */
  retry?: UploadRetry;
  result?: UploadResult;
  error?: UploadError;
}

export type UploadRunner = (
  file: UploadSource,
  options: Pick<UploadOptions, 'kind' | 'signal' | 'onProgress'>,
) => Promise<UploadResult>;

/** Whether the form should show the notice for large uploads (any new file of 500 MB or more). */
export function needsLargeUploadNotice(items: readonly Pick<UploadItem, 'size'>[]): boolean {
  return items.some((item) => item.size >= limits.largeUploadNoticeBytes);
}

/** Buttons are disabled while any upload is between 0 and 100 percent. */
export function isUploading(items: readonly Pick<UploadItem, 'status'>[]): boolean {
  return items.some((item) => item.status === 'uploading');
}

let nextId = 0;

/** How far back the speed of an upload is measured. */
const speedWindowMs = 5000;
/** Shortest span over which a speed is worth showing. */
const minSpeedSpanMs = 500;
/** Progress between two redraws, unless the percent or the retry changes. */
const redrawEveryMs = 250;

interface SpeedSample {
  at: number;
  loaded: number;
}

/** Bytes per second between the oldest and the newest sample, when they are far enough apart. */
function speedOf(samples: readonly SpeedSample[]): number | undefined {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < minSpeedSpanMs) return undefined;
  return ((last.loaded - first.loaded) * 1000) / (last.at - first.at);
}

/**
 * Seconds until everything still to send is sent, at the speed of the upload under way; absent
 * while nothing is measured (before the start, or in the first moments).
 */
export function secondsLeft(items: readonly UploadItem[]): number | undefined {
  const speed = items.find((item) => item.status === 'uploading')?.speed;
  if (!speed || speed <= 0) return undefined;
  const remaining = items
    .filter((item) => item.status !== 'completed')
    .reduce((sum, item) => sum + Math.max(0, item.size - item.loaded), 0);
  return remaining / speed;
}

/** Seconds until this item is sent, at its own speed. */
export function itemSecondsLeft(item: UploadItem): number | undefined {
  if (item.status !== 'uploading' || !item.speed || item.speed <= 0) return undefined;
  return Math.max(0, item.size - item.loaded) / item.speed;
}

/**
 * The list of files a form is going to upload, with each item's state and percent. Framework
 * free: `subscribe` + `getSnapshot` fit React's `useSyncExternalStore` (see use-upload-queue).
 */
export function createUploadQueue(
  runner: UploadRunner = uploadFile,
  { now = () => performance.now() }: { now?: () => number } = {},
) {
  let items: UploadItem[] = [];
  const controllers = new Map<string, AbortController>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const update = (id: string, change: Partial<UploadItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...change } : item));
    emit();
  };

  async function run(item: UploadItem): Promise<UploadResult> {
    if (item.status === 'completed' && item.result) return item.result;
    const controller = new AbortController();
    controllers.set(item.id, controller);
    update(item.id, {
      status: 'uploading',
      percent: 0,
      loaded: 0,
      speed: undefined,
      retry: undefined,
      error: undefined,
    });
    let samples: SpeedSample[] = [];
    let drawnAt = Number.NEGATIVE_INFINITY;
    try {
      const result = await runner(item.file, {
        kind: item.kind,
        signal: controller.signal,
        onProgress: (progress) => {
          const current = items.find((candidate) => candidate.id === item.id);
          if (!current) return;
          const at = now();
          // A part sent again starts from fewer bytes: the speed is measured afresh.
          if ((samples.at(-1)?.loaded ?? 0) > progress.loaded) samples = [];
          samples.push({ at, loaded: progress.loaded });
          while (samples.length > 2 && at - (samples[1]?.at ?? at) >= speedWindowMs) {
            samples.shift();
          }
          const retryChanged =
            current.retry?.attempt !== progress.retry?.attempt ||
            current.retry?.maxAttempts !== progress.retry?.maxAttempts;
          if (
            current.percent === progress.percent &&
            !retryChanged &&
            at - drawnAt < redrawEveryMs
          ) {
            return;
          }
          drawnAt = at;
          update(item.id, {
            percent: progress.percent,
            loaded: progress.loaded,
            speed: speedOf(samples),
            retry: progress.retry,
          });
        },
      });
      update(item.id, {
        status: 'completed',
        percent: 100,
        loaded: item.size,
        speed: undefined,
        retry: undefined,
        result,
      });
      return result;
    } catch (error) {
      const uploadError =
        error instanceof UploadError
          ? error
          : new UploadError('failed', item.name, { cause: error });
      update(item.id, {
        status: uploadError.code === 'cancelled' ? 'cancelled' : 'failed',
        speed: undefined,
        retry: undefined,
        error: uploadError,
      });
      throw uploadError;
    } finally {
      controllers.delete(item.id);
    }
  }

  return {
    getSnapshot: (): readonly UploadItem[] => items,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    add(files: readonly UploadSource[], kind: UploadKind): UploadItem[] {
      const added = files.map<UploadItem>((file) => ({
        id: `upload-${++nextId}`,
        kind,
        file,
        name: file.name,
        size: file.size,
        status: 'pending',
        percent: 0,
        loaded: 0,
      }));
      items = [...items, ...added];
      emit();
      return added;
    },

    /** Removal is allowed unless the item is uploading. */
    remove(id: string): boolean {
      const item = items.find((candidate) => candidate.id === id);
      if (!item || item.status === 'uploading') return false;
      items = items.filter((candidate) => candidate.id !== id);
      emit();
      return true;
    },

    /** Stops an upload in progress; a multipart upload is also aborted on the server. */
    cancel(id: string): void {
      controllers.get(id)?.abort();
    },

    cancelAll(): void {
      for (const controller of controllers.values()) controller.abort();
    },

    clear(): void {
      this.cancelAll();
      items = [];
      emit();
    },

    /**
     * Uploads what is not uploaded yet, one by one (files first, then images, as the save
     * product save flow does) and returns every result in that order. The first
     * failure stops the run and is thrown; its message names the file.
     */
    async uploadAll(): Promise<{ files: UploadResult[]; images: UploadResult[] }> {
      const order = (kind: UploadKind) => (kind === 'file' ? 0 : 1);
      const queue = [...items].sort((a, b) => order(a.kind) - order(b.kind));
      const files: UploadResult[] = [];
      const images: UploadResult[] = [];
      for (const item of queue) {
        const current = items.find((candidate) => candidate.id === item.id);
        if (!current) continue;
        const result = await run(current);
        (current.kind === 'file' ? files : images).push(result);
      }
      return { files, images };
    },

    /** Uploads (or retries) one item. */
    upload(id: string): Promise<UploadResult> {
      const item = items.find((candidate) => candidate.id === id);
      if (!item) return Promise.reject(new Error(`No upload item ${id}`));
      return run(item);
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;
