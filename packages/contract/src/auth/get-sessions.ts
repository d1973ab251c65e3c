import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const sessionSchema = z.object({
  id: z.string(),
  /** ISO 8601, UTC: the sign-in. */
  createdAt: z.iso.datetime(),
  /** ISO 8601, UTC: the last request, to the minute. */
  lastUsedAt: z.iso.datetime(),
  /** The browser's name and major version read from its User-Agent (`Chrome 131`); null when unknown. */
  browser: z.string().nullable(),
  /** The operating system read from the User-Agent (`macOS`, `Android 14`); null when unknown. */
  os: z.string().nullable(),
  /** The client address of the sign-in. */
  ip: z.string().nullable(),
  /** True for the session that makes this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const getSessionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sessions',
  operationId: 'getSessions',
  summary: 'List the signed-in sessions',
  description:
    'Every browser signed in to the account and not signed out, whose sign-in has not expired, the most recently used first. `current` marks the session of this request.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  response: sessionsResponseSchema,
});
