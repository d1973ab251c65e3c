import { getSaleNotificationsEndpoint } from '@seller/contract/auth/get-sale-notifications';
import { setSaleNotificationsEndpoint } from '@seller/contract/auth/set-sale-notifications';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { SaleNotificationService } from '../sale-notifications/sale-notifications.service.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import type { WebhookService } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the daily sale summaries that are due (what the daily scheduled job does). */
    queueDailySummaries: () => Promise<number>;
  }
}

/** What the seller's own tools and mail box hear of: the webhook and its log, the sale mail setting. */
export async function integrationsModule(
  app: FastifyInstance,
  options: {
    webhooks: WebhookService;
    saleNotifications: SaleNotificationService;
  },
) {
  const { webhooks, saleNotifications } = options;
  await app.register(webhookRoutes, { webhooks });
  defineRoute(app, getSaleNotificationsEndpoint, ({ seller }) => saleNotifications.get(seller.id));
  defineRoute(app, setSaleNotificationsEndpoint, ({ seller, body }) =>
    saleNotifications.set(seller.id, body.saleNotifications),
  );
}
