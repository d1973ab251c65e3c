/**
 * Object storage behind one interface: the local disk driver (signed URLs served by this
 * server) and the S3 driver (presigned URLs of any S3-compatible store). Keys are issued by
 * the server (`sellers/<sellerId>/<uuid>.<ext>`); the browser sends bytes straight to the
 * URLs these methods sign.
 */

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
  contentType: string;
  /** The exact body length the URL accepts. */
  contentLength: number;
  expiresInSeconds: number;
}

export interface PresignPartOptions {
  partNumber: number;
  /** The exact length of this part: the part size, or the remainder for the last part. */
  contentLength: number;
  expiresInSeconds: number;
}

export interface PresignGetOptions {
  /** Offered to the browser as the download's name (`Content-Disposition: attachment`). */
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
}

export interface CompleteMultipartOptions {
  parts: { partNumber: number; etag: string }[];
  /** The declared total; a local store refuses a different total before assembling. */
  expectedSize: number;
}

/** A store's answer that the upload cannot be completed as asked (missing or wrong parts). */
export class StorageIncompleteError extends Error {
  override name = 'StorageIncompleteError';
}

export interface Storage {
  readonly driver: 'local' | 's3';
  /** The bucket name reported to clients (`local` for the disk driver). */
  readonly bucket: string;
  /** Origins other than this server's that the browser talks to (CSP connect-src, img-src). */
  readonly browserOrigins: string[];

  /** Where a public image (thumbnail, avatar) is read; product files are never public. */
  publicUrl(key: string): string;
  /** The key of a `publicUrl` of this store, or undefined when the URL is not one. */
  keyFromPublicUrl(url: string): string | undefined;

  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  createMultipartUpload(key: string, options: { contentType: string }): Promise<string>;
  presignUploadPart(key: string, uploadId: string, options: PresignPartOptions): Promise<string>;
  /** Every stored part, in part-number order (paged through on S3). */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** Assembles the parts; throws StorageIncompleteError when they do not make the object. */
  completeMultipartUpload(
    key: string,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<void>;
  /** Drops the stored parts; a second call, or one for an unknown upload, does nothing. */
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;

  /** A short-lived download URL answering with `Content-Disposition: attachment`. */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  /** Size and type of a stored object, or undefined when there is none. */
  head(key: string): Promise<StoredObject | undefined>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes leftovers no upload row points at any more (local temp files); optional. */
  sweepOrphans?(olderThanMs: number): Promise<number>;
}
