import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileNameField, fileSizeField, fileTypeField } from './upload-fields.ts';

export const avatarUploadUrlBody = z.object({
  fileName: fileNameField,
  fileType: fileTypeField,
  fileSize: fileSizeField,
});
export type AvatarUploadUrlBody = z.input<typeof avatarUploadUrlBody>;

export const avatarUploadUrlResponse = z.object({
  uploadUrl: z.string(),
  publicUrl: z.string(),
  s3Key: z.string(),
  /** The canonical type the URL is signed for; send it as `Content-Type`. */
  contentType: z.string(),
});
export type AvatarUploadUrlResponse = z.infer<typeof avatarUploadUrlResponse>;

export const avatarUploadUrl = defineEndpoint({
  method: 'POST',
  path: '/api/auth/avatar-upload-url',
  summary: 'A signed URL for a new avatar image (jpg, png, gif, webp; at most 5 MB)',
  tags: ['auth', 'uploads'],
  auth: true,
  successStatus: 200,
  body: avatarUploadUrlBody,
  response: avatarUploadUrlResponse,
});
