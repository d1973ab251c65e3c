import { z } from 'zod';
import { profile } from '../auth/get-profile.ts';
import { defineEndpoint } from '../endpoint.ts';

export const updateAvatarBody = z.object({
  /** The `publicUrl` of this seller's own avatar upload, once its bytes are stored. */
  avatarUrl: z.string({ error: 'required' }).min(1, 'required').max(2048),
});
export type UpdateAvatarBody = z.infer<typeof updateAvatarBody>;

export const updateAvatar = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/avatar',
  summary:
    "Use an uploaded image as the avatar. Only the publicUrl of the seller's own avatar upload whose bytes are stored is accepted.",
  tags: ['auth', 'uploads'],
  auth: true,
  successStatus: 200,
  body: updateAvatarBody,
  response: profile,
});
