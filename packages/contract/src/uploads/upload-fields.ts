import { z } from 'zod';
import { limits } from '../limits.ts';

/** Fields shared by the upload endpoints. Messages are i18n keys of the web app. */

export const fileNameSchema = z
  .string({ error: 'fileNameRequired' })
  .trim()
  .min(1, 'fileNameRequired')
  .max(255, 'fileNameTooLong');

/** The type the browser reported; it may be empty. The server keeps its own canonical type. */
export const fileTypeSchema = z
  .string({ error: 'invalidFileType' })
  .trim()
  .max(255, 'invalidFileType');

/** Bytes. 64-bit on the server (5 GB > 2^31); JSON numbers are exact up to 2^53. */
export const fileSizeSchema = z
  .number({ error: 'invalidFileSize' })
  .int('invalidFileSize')
  .min(1, 'fileEmpty')
  .max(Number.MAX_SAFE_INTEGER, 'fileTooLarge');

export const s3KeySchema = z.string({ error: 'required' }).min(1, 'required').max(1024);
export const uploadIdSchema = z.string({ error: 'required' }).min(1, 'required').max(1024);
/** S3 allows part numbers 1 to 10,000. */
export const partNumberSchema = z.number().int().min(1).max(10_000);

/** Bytes of one part: S3's bounds (the last part of an upload may be smaller than the minimum). */
export const partLengthSchema = z
  .number({ error: 'invalidFileSize' })
  .int('invalidFileSize')
  .min(1, 'fileEmpty')
  .max(limits.multipart.maxPartBytes, 'partTooLarge');

export const uploadedObjectSchema = z.object({
  s3Key: z.string(),
  bucket: z.string(),
  /** Where a public image (thumbnail, avatar) is read; null for a private product file. */
  publicUrl: z.string().nullable(),
});
export type UploadedObject = z.infer<typeof uploadedObjectSchema>;

export const multipartRefSchema = z.object({ s3Key: s3KeySchema, uploadId: uploadIdSchema });
