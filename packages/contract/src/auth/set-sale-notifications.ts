import { defineEndpoint } from '../endpoint.ts';
import { saleNotificationsSchema } from './sale-notifications.ts';

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
