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
  summary: 'Change nickname and bio (empty values are stored as null)',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  body: updateProfileBody,
  response: profile,
});
