/**
 * Object storage behind one interface: the local disk driver (signed URLs served by this
 * server) and the S3 driver (presigned URLs of any S3-compatible store). Keys are issued by
 * the server (`sellers/<sellerId>/<uuid>.<ext>`); the browser sends bytes straight to the
 * URLs these methods sign.
 */

/**
 * The `Cache-Control` of every private download (a product file, a delivery, a data export), on
 * both drivers: the local driver sends it, the S3 driver signs it into the URL
 * (`response-cache-control`). Neither the browser nor a shared cache keeps the bytes.
 */
export const downloadCacheControl = 'private, no-store';

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface PresignPutOptions {
  /** The `Content-Type` the PUT must carry, exactly; undefined accepts any type (or none). */
  contentType: string | undefined;
  /** The exact body length the URL accepts. */
  contentLength: number;
  expiresInSeconds: number;
}

export interface PresignPartOptions {
  partNumber: number;
  /** The exact length the URL accepts; undefined accepts any length up to `maxLength`. */
  contentLength: number | undefined;
  /** The most a part may have when its length is not bound (a store may only enforce its own). */
  maxLength: number;
  expiresInSeconds: number;
}

export interface PresignGetOptions {
  /** Offered to the browser as the download's name (`Content-Disposition: attachment`). */
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
  /** When the URL's life starts (it ends `expiresInSeconds` later); now when absent. */
  signedAt?: Date;
}

export interface CompleteMultipartOptions {
  parts: { partNumber: number; etag: string }[];
  /** The declared total, when one was declared; a local store refuses a different total. */
  expectedSize: number | undefined;
}

/** A store's answer that the upload cannot be completed as asked (missing or wrong parts). */
export class StorageIncompleteError extends Error {
  override name = 'StorageIncompleteError';
}

/** A part other than the last is below the store's minimum part size (S3's EntityTooSmall). */
export class StoragePartTooSmallError extends StorageIncompleteError {
  override name = 'StoragePartTooSmallError';
}

/** The store no longer has this multipart upload (aborted, expired or completed). */
export class StorageUploadGoneError extends Error {
  override name = 'StorageUploadGoneError';
}

export interface Storage {
  readonly driver: 'local' | 's3';
  /** The bucket name reported to clients (`local` for the disk driver). */
  readonly bucket: string;
  /** Origins other than this server's that the browser talks to (CSP connect-src, img-src). */
  readonly browserOrigins: string[];

  /** Where a public image (thumbnail, avatar) is read; product files are never public. */
  publicUrl(key: string): string;
  /**
   * What `publicUrl` writes before a key whose segments hold only `A-Z a-z 0-9 . _ -` (every
   * key the server makes): a statement that writes a list as JSON appends such a key to it.
   */
  readonly publicUrlBase: string;
  /** The key of a `publicUrl` of this store, or undefined when the URL is not one. */
  keyFromPublicUrl(url: string): string | undefined;

  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  createMultipartUpload(key: string, options: { contentType: string }): Promise<string>;
  presignUploadPart(key: string, uploadId: string, options: PresignPartOptions): Promise<string>;
  /**
   * Every stored part, in part-number order (paged through on S3); throws
   * StorageUploadGoneError when the store no longer has the upload.
   */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /**
   * Assembles the parts; throws StorageIncompleteError when they do not make the object. A
   * completion the store already did answers as a success when the object is there.
   */
  completeMultipartUpload(
    key: string,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<void>;
  /** Drops the stored parts; a second call, or one for an unknown upload, does nothing. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;

  /**
   * Writes an object the server made itself (a data export), replacing any under the key; it
   * stays private, read only through `presignGet`.
   */
  put(key: string, body: Uint8Array, options: { contentType: string }): Promise<void>;
  /**
   * The whole of a stored object, or undefined when there is none: for the server's own work on
   * a file (a PDF's sample pages, a stamped copy, a hash), never to serve a buyer.
   */
  read(key: string): Promise<Uint8Array | undefined>;
  /**
   * A stored object piece by piece, or undefined when there is none: for the server's own
   * reading of a file too large to hold (a video's hash), never to serve a buyer.
   */
  readPieces(key: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  /** A short-lived download URL answering with `Content-Disposition: attachment`. */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  /** Size and type of a stored object, or undefined when there is none. */
  head(key: string): Promise<StoredObject | undefined>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes leftovers no upload row points at any more (local temp files); optional. */
  sweepOrphans?(olderThanMs: number): Promise<number>;
}
