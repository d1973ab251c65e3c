import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileNameSchema, fileSizeSchema, fileTypeSchema } from './upload-fields.ts';

export const avatarUploadUrlBodySchema = z.object({
  fileName: fileNameSchema,
  fileType: fileTypeSchema,
  fileSize: fileSizeSchema,
});
export type AvatarUploadUrlBody = z.input<typeof avatarUploadUrlBodySchema>;

export const avatarUploadUrlResponseSchema = z.object({
  uploadUrl: z.string(),
  publicUrl: z.string(),
  s3Key: z.string(),
  /** The `Content-Type` to send: the declared type, or the canonical one when none was declared. */
  contentType: z.string(),
});
export type AvatarUploadUrlResponse = z.infer<typeof avatarUploadUrlResponseSchema>;

export const avatarUploadUrlEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/avatar-upload-url',
  operationId: 'getAvatarUploadUrl',
  summary: 'A signed URL for a new avatar image',
  description:
    'Checks the image (jpg, png, gif or webp, at most 5 MB) and returns a signed URL for one PUT of its bytes, and the public URL to pass to `PUT /api/auth/avatar` once they are stored. A type or size refused is 400 `file_type_not_allowed` or 413 `file_too_large`. Limited per seller (429 `rate_limited`).',
  tags: ['auth', 'uploads'],
  auth: true,
  successStatus: 200,
  errors: ['file_type_not_allowed', 'file_too_large'],
  body: avatarUploadUrlBodySchema,
  response: avatarUploadUrlResponseSchema,
});
