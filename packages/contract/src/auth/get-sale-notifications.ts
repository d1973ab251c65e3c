import { defineEndpoint } from '../endpoint.ts';
import { saleNotificationsSchema } from './sale-notifications.ts';

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
