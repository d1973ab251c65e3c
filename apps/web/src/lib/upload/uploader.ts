import type { BodyOf, ResponseOf } from '@seller/contract/endpoint';
import { limits } from '@seller/contract/limits';
import { checkUpload, type UploadKind } from '@seller/contract/upload-types';
import { abortMultipartUploadEndpoint } from '@seller/contract/uploads/abort-multipart-upload';
import { avatarUploadUrlEndpoint } from '@seller/contract/uploads/avatar-upload-url';
import { completeMultipartUploadEndpoint } from '@seller/contract/uploads/complete-multipart-upload';
import { completeUploadEndpoint } from '@seller/contract/uploads/complete-upload';
import { getPartUploadUrlEndpoint } from '@seller/contract/uploads/get-part-upload-url';
import { getUploadUrlEndpoint } from '@seller/contract/uploads/get-upload-url';
import { listUploadedPartsEndpoint } from '@seller/contract/uploads/list-uploaded-parts';
import { startMultipartUploadEndpoint } from '@seller/contract/uploads/start-multipart-upload';
import type { UploadedObject } from '@seller/contract/uploads/upload-fields';
import { ApiError, apiRequest, type RequestOptions } from '../api-client';
import {
  abortError,
  type BackoffOptions,
  defaultMaxAttempts,
  sleep as defaultSleep,
  isAbortError,
  withRetry,
} from '../retry';
import { type PartPlan, percentOf, planUpload, remainingParts } from './plan';
import { type PutBlob, putBlob, TransferError } from './put-blob';
import { createResumeStore, type ResumeStore } from './resume-store';

/** The upload calls of the API that the uploader makes, each by its contract endpoint. */
const uploadEndpoints = {
  getUploadUrl: getUploadUrlEndpoint,
  avatarUploadUrl: avatarUploadUrlEndpoint,
  completeUpload: completeUploadEndpoint,
  startMultipart: startMultipartUploadEndpoint,
  partUrl: getPartUploadUrlEndpoint,
  listParts: listUploadedPartsEndpoint,
  completeMultipart: completeMultipartUploadEndpoint,
  abortMultipart: abortMultipartUploadEndpoint,
} as const;

type UploadEndpoints = typeof uploadEndpoints;

/**
 * Those calls as the uploader needs them, typed by the contract (the API client by default;
 * tests give an in-memory backend).
 */
export type UploadApi = {
  [Call in keyof UploadEndpoints]: (
    body: BodyOf<UploadEndpoints[Call]>,
  ) => Promise<ResponseOf<UploadEndpoints[Call]>>;
};

function viaApiClient<E extends UploadEndpoints[keyof UploadEndpoints]>(endpoint: E) {
  return (body: BodyOf<E>) => apiRequest(endpoint, { body } as RequestOptions<E>);
}

export const apiClientUploadApi: UploadApi = {
  getUploadUrl: viaApiClient(uploadEndpoints.getUploadUrl),
  avatarUploadUrl: viaApiClient(uploadEndpoints.avatarUploadUrl),
  completeUpload: viaApiClient(uploadEndpoints.completeUpload),
  startMultipart: viaApiClient(uploadEndpoints.startMultipart),
  partUrl: viaApiClient(uploadEndpoints.partUrl),
  listParts: viaApiClient(uploadEndpoints.listParts),
  completeMultipart: viaApiClient(uploadEndpoints.completeMultipart),
  abortMultipart: viaApiClient(uploadEndpoints.abortMultipart),
};

export type UploadErrorCode = 'cancelled' | 'invalid_type' | 'too_large' | 'failed';

/** The developer-facing message of each failure (screens show their own translated texts). */
const uploadErrorMessages: Record<UploadErrorCode, string> = {
  cancelled: 'Upload cancelled',
  invalid_type: 'File type not allowed',
  too_large: 'File too large',
  failed: 'Upload failed',
};

/** Why an upload did not finish; the message names the file. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    readonly code: UploadErrorCode,
    readonly fileName: string,
    options?: { cause?: unknown; maxBytes?: number },
  ) {
    super(
      `${uploadErrorMessages[code]}: ${fileName}`,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.maxBytes = options?.maxBytes;
  }
  readonly maxBytes: number | undefined;
}

/** Why an upload failed, in terms a seller can act on. */
export type UploadFailureReason =
  | 'cancelled'
  | 'invalidType'
  | 'tooLarge'
  /** No answer at all: the connection dropped or the browser went offline. */
  | 'network'
  /** The server or the store kept failing (5xx), or kept asking to slow down (408, 429). */
  | 'server'
  /** The server or the store refused the file (another 4xx). */
  | 'refused';

/** The reason of a failed upload, from its error and what caused it. */
export function uploadFailureReason(error: UploadError): UploadFailureReason {
  if (error.code === 'cancelled') return 'cancelled';
  if (error.code === 'invalid_type') return 'invalidType';
  if (error.code === 'too_large') return 'tooLarge';
  const cause = error.cause;
  if (cause instanceof ApiError) {
    if (cause.code === 'file_type_not_allowed') return 'invalidType';
    if (cause.code === 'file_too_large') return 'tooLarge';
    if (cause.code === 'network_error') return 'network';
  }
  const status =
    cause instanceof TransferError ? cause.status : cause instanceof ApiError ? cause.status : -1;
  if (status === 0) return 'network';
  if (status >= 500 || status === 408 || status === 429) return 'server';
  if (status >= 400) return 'refused';
  return 'network';
}

/** The upload failure behind an error, if it is one. */
export function uploadErrorOf(error: unknown): UploadError | undefined {
  return error instanceof UploadError ? error : undefined;
}

/** What the product and profile forms send on: the server's answer plus what the file was. */
export interface UploadResult extends UploadedObject {
  originalName: string;
  size: number;
  type: string;
}

/** A request of the upload failed and is being tried again. */
export interface UploadRetry {
  /** The attempt under way or waited for: 2 on the first retry. */
  attempt: number;
  maxAttempts: number;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
  /**
   * Set while a failed request (a signature, a part, the completion) is retried; of several at
   * once, the one furthest along. Absent when every request in flight is on its first try.
   */
  retry?: UploadRetry;
}

/** A File, or anything with the same identity (tests use a Blob with a name). */
export type UploadSource = Blob & { readonly name: string; readonly lastModified: number };

export interface UploadOptions {
  kind: UploadKind;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  api?: UploadApi;
  put?: PutBlob;
  resumeStore?: ResumeStore;
  /** Parts in flight at once (4). */
  concurrency?: number;
  maxAttempts?: number;
  backoff?: BackoffOptions;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Resolves when the network is back; by default waits for the browser's `online` event. */
  waitForNetwork?: (signal?: AbortSignal) => Promise<void>;
  thresholdBytes?: number;
}

/** Worth another attempt: no answer at all, an expired URL (re-signed), a busy or failing server. */
export function isRetryable(error: unknown): boolean {
  const status =
    error instanceof TransferError ? error.status : error instanceof ApiError ? error.status : -1;
  return status === 0 || status === 403 || status === 408 || status === 429 || status >= 500;
}

function browserWaitForNetwork(signal?: AbortSignal): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onOnline = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      window.removeEventListener('online', onOnline);
      reject(abortError());
    };
    window.addEventListener('online', onOnline, { once: true });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The type the server will sign the PUT for (it answers `contentType`; this is the fallback). */
function canonicalType(kind: UploadKind, file: UploadSource): string {
  const check = checkUpload(kind, { name: file.name, type: file.type, size: file.size });
  return check.ok ? check.contentType : file.type;
}

/**
 * Uploads one file: a single PUT with progress up to 100 MB, multipart above it (5 MiB
 * parts sliced from the file, 4 in flight, the next part's URL asked for while a part goes,
 * retries with back-off). A multipart upload is remembered, so picking the same file again
 * after a reload resumes it; cancelling aborts it on the server.
 */
export async function uploadFile(
  file: UploadSource,
  options: UploadOptions,
): Promise<UploadResult> {
  const check = checkUpload(options.kind, { name: file.name, type: file.type, size: file.size });
  if (!check.ok) {
    throw new UploadError(
      check.reason === 'type' ? 'invalid_type' : 'too_large',
      file.name,
      check.reason === 'size' ? { maxBytes: check.maxBytes } : undefined,
    );
  }
  const maxAttempts = options.maxAttempts ?? defaultMaxAttempts;
  // The retries under way, by request: the progress names the one furthest along.
  const retrying = new Map<number, number>();
  let nextRequest = 0;
  let lastLoaded = 0;
  const report = (loaded: number) => {
    lastLoaded = loaded;
    const attempt = Math.max(0, ...retrying.values());
    options.onProgress?.({
      loaded,
      total: file.size,
      percent: percentOf(loaded, file.size),
      ...(attempt > 1 ? { retry: { attempt, maxAttempts } } : {}),
    });
  };
  const context: Context = {
    file,
    kind: options.kind,
    api: options.api ?? apiClientUploadApi,
    put: options.put ?? putBlob,
    resume: options.resumeStore ?? createResumeStore(),
    signal: options.signal,
    report,
    retry: async <T>(attempt: () => Promise<T>) => {
      const request = ++nextRequest;
      try {
        return await withRetry(attempt, {
          maxAttempts,
          backoff: options.backoff,
          shouldRetry: isRetryable,
          signal: options.signal,
          sleep: options.sleep ?? defaultSleep,
          waitForNetwork: options.waitForNetwork ?? browserWaitForNetwork,
          onRetry: (next) => {
            retrying.set(request, next.attempt);
            report(lastLoaded);
          },
        });
      } finally {
        if (retrying.delete(request)) report(lastLoaded);
      }
    },
    concurrency: options.concurrency ?? limits.multipart.parallelParts,
  };
  try {
    context.report(0);
    const plan = planUpload(file.size, { thresholdBytes: options.thresholdBytes });
    const uploaded =
      plan.mode === 'single' || options.kind !== 'file'
        ? await uploadSingle(context)
        : await uploadMultipart(context, plan.parts);
    context.report(file.size);
    return {
      ...uploaded,
      originalName: file.name,
      size: file.size,
      type: check.contentType,
    };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (options.signal?.aborted || isAbortError(error)) {
      throw new UploadError('cancelled', file.name, { cause: error });
    }
    throw new UploadError('failed', file.name, { cause: error });
  }
}

interface Context {
  file: UploadSource;
  kind: UploadKind;
  api: UploadApi;
  put: PutBlob;
  resume: ResumeStore;
  signal: AbortSignal | undefined;
  report: (loaded: number) => void;
  retry: <T>(attempt: () => Promise<T>) => Promise<T>;
  concurrency: number;
}

async function uploadSingle(context: Context) {
  const { file, api, kind } = context;
  const declared = { fileName: file.name, fileType: file.type, fileSize: file.size };
  const started =
    kind === 'avatar'
      ? await context.retry(() => api.avatarUploadUrl(declared))
      : await context.retry(() => api.getUploadUrl({ ...declared, isImage: kind === 'image' }));
  const contentType = started.contentType || canonicalType(kind, file);
  await context.retry(() =>
    context.put(started.uploadUrl, file, {
      contentType,
      signal: context.signal,
      onProgress: (loaded) => context.report(Math.min(loaded, file.size - 1)),
    }),
  );
  // The avatar is completed by `PUT /api/auth/avatar`, which checks the stored bytes itself.
  if (kind === 'avatar') {
    return { s3Key: started.s3Key, bucket: '', publicUrl: started.publicUrl };
  }
  return context.retry(() => api.completeUpload({ s3Key: started.s3Key }));
}

async function uploadMultipart(context: Context, parts: PartPlan[]) {
  const { file, api, resume } = context;
  let upload = resume.load(file);
  let done = new Map<number, string>();
  let todo = parts;
  if (upload) {
    const ref = { s3Key: upload.s3Key, uploadId: upload.uploadId };
    try {
      const stored = await context.retry(() => api.listParts(ref));
      ({ done, todo } = remainingParts(parts, stored.parts));
    } catch (error) {
      if (isAbortError(error)) throw error;
      // The server no longer knows it (expired, finished or aborted): start afresh.
      resume.forget(file);
      upload = undefined;
    }
  }
  if (!upload) {
    const started = await context.retry(() =>
      api.startMultipart({ fileName: file.name, fileType: file.type, fileSize: file.size }),
    );
    upload = { ...started, size: file.size, partSize: started.partSize, savedAt: Date.now() };
    resume.save(file, {
      uploadId: started.uploadId,
      s3Key: started.s3Key,
      size: file.size,
      partSize: started.partSize,
    });
  }
  const ref = { s3Key: upload.s3Key, uploadId: upload.uploadId };

  try {
    await sendParts(context, ref, todo, done, parts);
    const completed = await context.retry(() =>
      api.completeMultipart({
        ...ref,
        parts: [...done.entries()]
          .sort(([a], [b]) => a - b)
          .map(([PartNumber, ETag]) => ({ PartNumber, ETag })),
      }),
    );
    resume.forget(file);
    return completed;
  } catch (error) {
    if (context.signal?.aborted || isAbortError(error)) {
      resume.forget(file);
      // Cancelled: drop the stored parts on the server too (best effort).
      await api.abortMultipart(ref).catch(() => undefined);
    }
    throw error;
  }
}

/** Sends `todo` with a small pool of workers; `done` collects the ETags. */
async function sendParts(
  context: Context,
  ref: { s3Key: string; uploadId: string },
  todo: PartPlan[],
  done: Map<number, string>,
  all: PartPlan[],
): Promise<void> {
  const sizeOf = new Map(all.map((part) => [part.partNumber, part.size]));
  let doneBytes = [...done.keys()].reduce((sum, n) => sum + (sizeOf.get(n) ?? 0), 0);
  const inFlight = new Map<number, number>();
  const report = () => {
    let loaded = doneBytes;
    for (const bytes of inFlight.values()) loaded += bytes;
    context.report(Math.min(loaded, context.file.size - 1));
  };
  report();

  // Stops the other workers as soon as one part fails for good.
  const failure = new AbortController();
  const signal = context.signal
    ? AbortSignal.any([context.signal, failure.signal])
    : failure.signal;
  const queue = [...todo];

  const signUrl = async (part: PartPlan) =>
    (await context.api.partUrl({ ...ref, partNumber: part.partNumber })).uploadUrl;

  const worker = async () => {
    let next = queue.shift();
    // The next part's URL is asked for while this part's bytes go, so that no round trip to
    // the API sits between two parts. A URL is used seconds after it is signed; a retry signs
    // a fresh one (URLs expire).
    let nextUrl = next ? signUrl(next) : undefined;
    while (next) {
      const current = next;
      const prefetched = nextUrl;
      next = queue.shift();
      nextUrl = next ? signUrl(next) : undefined;
      // A failed prefetch is met, and retried, when its part is sent.
      nextUrl?.catch(() => undefined);
      if (signal.aborted) throw abortError();
      let attempt = 0;
      const { etag } = await context.retry(async () => {
        const uploadUrl = attempt++ === 0 && prefetched ? await prefetched : await signUrl(current);
        inFlight.set(current.partNumber, 0);
        return context.put(uploadUrl, context.file.slice(current.start, current.end), {
          signal,
          onProgress: (loaded) => {
            inFlight.set(current.partNumber, loaded);
            report();
          },
        });
      });
      if (!etag) {
        throw new TransferError(0, 'The store did not expose the ETag header (bucket CORS)');
      }
      inFlight.delete(current.partNumber);
      done.set(current.partNumber, etag);
      doneBytes += current.size;
      report();
    }
  };

  const workers = Array.from(
    { length: Math.max(1, Math.min(context.concurrency, todo.length)) },
    () =>
      worker().catch((error: unknown) => {
        failure.abort();
        throw error;
      }),
  );
  const results = await Promise.allSettled(workers);
  const rejected = results.find(
    (result): result is PromiseRejectedResult =>
      result.status === 'rejected' && !(isAbortError(result.reason) && !context.signal?.aborted),
  );
  if (rejected) throw rejected.reason;
  if (context.signal?.aborted) throw abortError();
  const firstFailure = results.find((result) => result.status === 'rejected');
  if (firstFailure && firstFailure.status === 'rejected') throw firstFailure.reason;
}
