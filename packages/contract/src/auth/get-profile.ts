import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const profileSchema = z.object({
  email: z.string(),
  nickname: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Whether sign-in asks for an authenticator code after the password. */
  twoFactorEnabled: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const getProfileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/profile',
  operationId: 'getProfile',
  summary: "The signed-in seller's profile",
  description: "The signed-in seller's email, nickname, bio, avatar URL and signup time.",
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  response: profileSchema,
});
