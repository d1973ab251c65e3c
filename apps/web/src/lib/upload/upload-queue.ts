import { limits } from '@seller/contract/limits';
import type { UploadKind } from '@seller/contract/upload-types';
import {
  UploadError,
  type UploadOptions,
  type UploadResult,
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

/**
 * The list of files a form is going to upload, with each item's state and percent. Framework
 * free: `subscribe` + `getSnapshot` fit React's `useSyncExternalStore` (see use-upload-queue).
 */
export function createUploadQueue(runner: UploadRunner = uploadFile) {
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
    update(item.id, { status: 'uploading', percent: 0, error: undefined });
    try {
      const result = await runner(item.file, {
        kind: item.kind,
        signal: controller.signal,
        onProgress: (progress) => {
          const current = items.find((candidate) => candidate.id === item.id);
          if (current && current.percent !== progress.percent) {
            update(item.id, { percent: progress.percent });
          }
        },
      });
      update(item.id, { status: 'completed', percent: 100, result });
      return result;
    } catch (error) {
      const uploadError =
        error instanceof UploadError
          ? error
          : new UploadError('failed', item.name, { cause: error });
      update(item.id, {
        status: uploadError.code === 'cancelled' ? 'cancelled' : 'failed',
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
