import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { bioField, profileNicknameField } from '../fields.ts';
import { profile } from './get-profile.ts';

export const updateProfileBody = z.object({
  nickname: profileNicknameField,
  bio: bioField,
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const updateProfile = defineEndpoint({
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
  body: updateProfileBody,
  response: profile,
});
