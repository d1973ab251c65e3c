/** A PUT of bytes to a storage URL failed with an HTTP status (0: no answer at all). */
export class TransferError extends Error {
  override name = 'TransferError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface PutBlobOptions {
  contentType?: string;
  signal?: AbortSignal;
  /** Bytes of this body sent so far. */
  onProgress?: (loaded: number) => void;
}

export type PutBlob = (
  url: string,
  body: Blob,
  options: PutBlobOptions,
) => Promise<{ etag: string | undefined }>;

/**
 * Sends a Blob (a whole file or one `slice` of it) with one PUT. XMLHttpRequest because
 * fetch reports no upload progress; the browser streams the Blob from disk. These PUTs go
 * straight to the store, the only requests that do not go through the API client.
 */
export const putBlob: PutBlob = (url, body, options) =>
  new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (options.contentType) xhr.setRequestHeader('Content-Type', options.contentType);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(body.size);
        resolve({ etag: xhr.getResponseHeader('ETag') ?? undefined });
      } else {
        reject(new TransferError(xhr.status, `Storage answered ${xhr.status}`));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TransferError(0, 'Network error while uploading'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(body);
  });
