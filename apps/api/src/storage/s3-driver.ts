import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type ListPartsCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from '../config.ts';
import { attachmentDisposition } from './content-disposition.ts';
import {
  type CompleteMultipartOptions,
  downloadCacheControl,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type Storage,
  StorageIncompleteError,
  StoragePartTooSmallError,
  StorageUploadGoneError,
  type StoredObject,
  type StoredPart,
} from './storage.ts';

/** The S3 settings of the configuration; `client`, a ready client (tests) used instead. */
export type S3StorageOptions = Omit<S3StorageConfig, 'driver'> & { client?: S3Client };

/**
 * Names of S3's answers that an upload cannot be completed as asked. radosgw answers some of
 * these cases with a 500, see `completeMultipartUpload`.
 */
const incompleteErrors = new Set(['InvalidPart', 'InvalidPartOrder', 'InvalidRequest']);

function errorName(error: unknown): string | undefined {
  if (error instanceof S3ServiceException) return error.name;
  return (error as { name?: string } | undefined)?.name;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
    ?.httpStatusCode;
}

export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // Since 3.729 the SDK adds CRC32 parameters to presigned URLs and frames bodies as
    // aws-chunked; browsers cannot follow either, and most S3-compatible stores refuse them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Any S3-compatible store (AWS S3, MinIO, R2) through presigned URLs. */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  readonly bucket: string;
  readonly browserOrigins: string[];
  readonly client: S3Client;
  private readonly publicBase: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = options.client ?? createS3Client(options);
    const endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
    // Where presigned URLs point: path style on the endpoint, or the bucket's own host.
    const uploadOrigin = endpoint
      ? options.forcePathStyle
        ? endpoint.origin
        : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
    this.publicBase =
      options.publicBaseUrl ??
      (endpoint && options.forcePathStyle ? `${uploadOrigin}/${options.bucket}` : uploadOrigin);
    this.browserOrigins = [...new Set([uploadOrigin, new URL(this.publicBase).origin])];
  }

  get publicUrlBase(): string {
    return `${this.publicBase}/`;
  }

  publicUrl(key: string): string {
    return `${this.publicUrlBase}${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  keyFromPublicUrl(url: string): string | undefined {
    const prefix = this.publicUrlBase;
    if (!url.startsWith(prefix)) return undefined;
    try {
      return url.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return undefined;
    }
  }

  /** Signs the length and, when given, the type: the store refuses any other. */
  presignPut(key: string, options: PresignPutOptions): Promise<string> {
    const signed = new Set(['content-length']);
    if (options.contentType !== undefined) signed.add('content-type');
    return getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ...(options.contentType === undefined ? {} : { ContentType: options.contentType }),
        ContentLength: options.contentLength,
      }),
      { expiresIn: options.expiresInSeconds, signableHeaders: signed },
    );
  }

  async createMultipartUpload(key: string, options: { contentType: string }): Promise<string> {
    const result = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: options.contentType,
      }),
    );
    if (!result.UploadId) throw new Error('The store returned no UploadId');
    return result.UploadId;
  }

  /**
   * Signs the part's length when it is known. Otherwise S3's own ceiling (5 GiB a part) is the
   * bound, and completion checks the total.
   */
  presignUploadPart(key: string, uploadId: string, options: PresignPartOptions): Promise<string> {
    const bound = options.contentLength !== undefined;
    return getSignedUrl(
      this.client,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: options.partNumber,
        ...(bound ? { ContentLength: options.contentLength } : {}),
      }),
      {
        expiresIn: options.expiresInSeconds,
        signableHeaders: new Set(bound ? ['content-length'] : []),
      },
    );
  }

  /** S3 answers at most 1,000 parts a page; a 5 GiB upload has 1,024. */
  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    for (let page = 0; page < 100; page++) {
      let result: ListPartsCommandOutput;
      try {
        result = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            ...(marker ? { PartNumberMarker: marker } : {}),
          }),
        );
      } catch (error) {
        // radosgw answers NoSuchKey (404) where AWS says NoSuchUpload.
        if (errorName(error) === 'NoSuchUpload' || statusOf(error) === 404) {
          throw new StorageUploadGoneError('No such multipart upload');
        }
        throw error;
      }
      for (const part of result.Parts ?? []) {
        if (part.PartNumber === undefined || part.ETag === undefined) continue;
        parts.push({ partNumber: part.PartNumber, etag: part.ETag, size: part.Size ?? 0 });
      }
      if (!result.IsTruncated || !result.NextPartNumberMarker) break;
      marker = result.NextPartNumberMarker;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    options: CompleteMultipartOptions,
  ): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...options.parts]
              .sort((a, b) => a.partNumber - b.partNumber)
              .map((part) => ({ ETag: part.etag, PartNumber: part.partNumber })),
          },
        }),
      );
    } catch (error) {
      const name = errorName(error);
      if (name === 'EntityTooSmall') {
        throw new StoragePartTooSmallError('Every part but the last must have at least 5 MiB');
      }
      if (name && incompleteErrors.has(name)) {
        throw new StorageIncompleteError(`The parts do not make the object (${name})`);
      }
      // AWS says NoSuchUpload for an upload it no longer has; radosgw answers a 500
      // InternalError for the same case. Either way: done before (a retried call) when the
      // object is there, otherwise nothing is left to complete.
      if (name === 'NoSuchUpload' || !(await this.uploadExists(key, uploadId))) {
        const stored = await this.head(key);
        if (
          stored &&
          (options.expectedSize === undefined || stored.size === options.expectedSize)
        ) {
          return;
        }
        throw new StorageIncompleteError('No such multipart upload');
      }
      throw error;
    }
  }

  /** Whether the store still lists this multipart upload (unfinished, not aborted). */
  private async uploadExists(key: string, uploadId: string): Promise<boolean> {
    try {
      await this.client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MaxParts: 1 }),
      );
      return true;
    } catch (error) {
      if (errorName(error) === 'NoSuchUpload' || statusOf(error) === 404) return false;
      throw error;
    }
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      if (errorName(error) === 'NoSuchUpload' || statusOf(error) === 404) return;
      throw error;
    }
  }

  presignGet(key: string, options: PresignGetOptions): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(options.fileName),
        ResponseContentType: options.contentType,
        ResponseCacheControl: downloadCacheControl,
      }),
      {
        expiresIn: options.expiresInSeconds,
        ...(options.signedAt ? { signingDate: options.signedAt } : {}),
      },
    );
  }

  async put(key: string, body: Uint8Array, options: { contentType: string }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        ContentLength: body.byteLength,
      }),
    );
  }

  async read(key: string): Promise<Uint8Array | undefined> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      const name = errorName(error);
      if (name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async readPieces(key: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!result.Body) return Readable.from([]);
      return Readable.fromWeb(result.Body.transformToWebStream() as WebReadableStream<Uint8Array>);
    } catch (error) {
      const name = errorName(error);
      if (name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return { size: result.ContentLength ?? 0, contentType: result.ContentType };
    } catch (error) {
      const name = errorName(error);
      if (name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
