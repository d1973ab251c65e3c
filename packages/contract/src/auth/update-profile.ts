import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { bioSchema, profileNicknameSchema } from '../fields.ts';
import { profileSchema } from './get-profile.ts';

export const updateProfileBodySchema = z.object({
  nickname: profileNicknameSchema,
  bio: bioSchema,
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const updateProfileEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/profile',
  operationId: 'updateProfile',
  summary: 'Change nickname and bio',
  description:
    'Sets the nickname and the bio. Both are trimmed; an empty value is stored as null. A nickname already used by another seller is 409 `nickname_taken`.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  errors: ['nickname_taken'],
  body: updateProfileBodySchema,
  response: profileSchema,
});
