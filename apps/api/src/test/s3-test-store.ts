import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutBucketPolicyCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { imageTypes } from '@seller/contract/upload-types';

/** The real S3 store of the s3 test project (see scripts/test-s3.mjs). */
export interface S3TestStore {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3TestStore(): S3TestStore {
  const endpoint = process.env.S3_TEST_ENDPOINT;
  const accessKeyId = process.env.S3_TEST_ACCESS_KEY_ID;
  const secretAccessKey = process.env.S3_TEST_SECRET_ACCESS_KEY;
  if (!endpoint || !accessKeyId || !secretAccessKey) {
    throw new Error(
      'No S3 store: run `npm run test:s3` (it starts one), or set S3_TEST_ENDPOINT, S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY',
    );
  }
  return { endpoint, accessKeyId, secretAccessKey };
}

/** The settings the server takes for this store and bucket. */
export function s3Settings(store: S3TestStore, bucket: string): Record<string, string> {
  return {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: store.endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: store.accessKeyId,
    S3_SECRET_ACCESS_KEY: store.secretAccessKey,
  };
}

export function adminClient(store: S3TestStore): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint: store.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * A new bucket set up as docs/storage.md says: CORS for the web app's origins (PUT, GET, HEAD
 * with `ETag` exposed) and a policy that lets anyone read the public images.
 */
export async function createTestBucket(client: S3Client, allowedOrigins: string[]) {
  const bucket = `seller-test-${randomBytes(5).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: allowedOrigins,
            AllowedMethods: ['PUT', 'GET', 'HEAD'],
            AllowedHeaders: ['content-type', 'content-length'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
  const images = [...new Set(imageTypes.map((type) => type.extension))];
  await client.send(
    new PutBucketPolicyCommand({
      Bucket: bucket,
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'PublicImages',
            Effect: 'Allow',
            Principal: '*',
            Action: 's3:GetObject',
            Resource: images.map((extension) => `arn:aws:s3:::${bucket}/sellers/*.${extension}`),
          },
        ],
      }),
    }),
  );
  return bucket;
}

/** Empties and removes a test bucket, unfinished uploads included. */
export async function dropTestBucket(client: S3Client, bucket: string) {
  const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  for (const upload of uploads.Uploads ?? []) {
    await client.send(
      new AbortMultipartUploadCommand({
        Bucket: bucket,
        Key: upload.Key,
        UploadId: upload.UploadId,
      }),
    );
  }
  for (;;) {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const object of listed.Contents ?? []) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
    }
    if (!listed.IsTruncated) break;
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}
