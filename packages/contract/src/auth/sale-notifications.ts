import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Mail about sales: one per sale, a daily summary (09:00 in the server's time zone), or none. */
export const saleNotificationChoices = ['each', 'daily', 'never'] as const;
export type SaleNotifications = (typeof saleNotificationChoices)[number];

export const saleNotificationsSchema = z.object({
  saleNotifications: z.enum(saleNotificationChoices, { error: 'saleNotificationsInvalid' }),
});

export const getSaleNotificationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/notifications',
  operationId: 'getSaleNotifications',
  summary: 'How the seller hears of sales',
  description:
    '`each`: a mail on every sale; `daily` (the default): a summary at 09:00 (server time zone) of the day before, skipped on days without sales; `never`.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  response: saleNotificationsSchema,
});

export const setSaleNotificationsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/notifications',
  operationId: 'setSaleNotifications',
  summary: 'Choose how to hear of sales',
  description: 'One of `each`, `daily` or `never`.',
  tags: ['auth'],
  auth: true,
  successStatus: 200,
  body: saleNotificationsSchema,
  response: saleNotificationsSchema,
});
