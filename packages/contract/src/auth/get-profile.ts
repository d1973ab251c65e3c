import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const profile = z.object({
  email: z.string(),
  nickname: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/auth/profile',
  summary: "The signed-in seller's profile",
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  response: profile,
});
