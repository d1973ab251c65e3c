import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { queryInteger } from '../fields.ts';
import { limits } from '../limits.ts';
import { maxTransactionsPage, paginationSchema } from '../sales/get-transactions.ts';
import { securityEventTypeSchema } from './security-events.ts';

export const activityQuerySchema = z.object({
  page: queryInteger({
    min: 1,
    max: maxTransactionsPage,
    fallback: 1,
    message: 'pageInvalid',
  }),
  limit: queryInteger({
    min: 1,
    max: limits.activity.maxLimit,
    fallback: limits.activity.defaultLimit,
    message: 'limitInvalid',
  }),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const securityEventSchema = z.object({
  type: securityEventTypeSchema,
  /** ISO 8601, UTC. */
  at: z.iso.datetime(),
  /** The client address that made the change or the attempt. */
  ip: z.string().nullable(),
  /** Read from the User-Agent; null when unknown (or for a change made by the server itself). */
  browser: z.string().nullable(),
  os: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const activityResponseSchema = z.object({
  events: z.array(securityEventSchema),
  pagination: paginationSchema,
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const getActivityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/activity',
  operationId: 'getActivity',
  summary: 'The security activity of the account',
  description:
    'Sign-ins, refused sign-ins and changes to what protects the account, newest first, a page at a time. Events are kept for one year.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  query: activityQuerySchema,
  response: activityResponseSchema,
});
