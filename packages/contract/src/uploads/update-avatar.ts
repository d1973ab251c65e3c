import { z } from 'zod';
import { profileSchema } from '../auth/get-profile.ts';
import { defineEndpoint } from '../endpoint.ts';

export const updateAvatarBodySchema = z.object({
  /** The `publicUrl` of this seller's own avatar upload, once its bytes are stored. */
  avatarUrl: z.string({ error: 'required' }).min(1, 'required').max(2048),
});
export type UpdateAvatarBody = z.infer<typeof updateAvatarBodySchema>;

export const updateAvatarEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/avatar',
  operationId: 'updateAvatar',
  summary: 'Use an uploaded image as the avatar',
  description:
    "Only the `publicUrl` of the seller's own avatar upload whose bytes are stored is accepted (400 `upload_not_found` otherwise); the stored bytes must be those the URL was signed for (400 `upload_incomplete`, `file_too_large`, `file_type_not_allowed`). The previous avatar image is removed later.",
  tags: ['auth', 'uploads'],
  auth: true,
  successStatus: 200,
  errors: ['upload_not_found', 'upload_incomplete', 'file_too_large', 'file_type_not_allowed'],
  body: updateAvatarBodySchema,
  response: profileSchema,
});
