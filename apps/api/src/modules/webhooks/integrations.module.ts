import { getSaleNotificationsEndpoint } from '@seller/contract/auth/get-sale-notifications';
import { setSaleNotificationsEndpoint } from '@seller/contract/auth/set-sale-notifications';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { SaleNotificationService } from '../sale-notifications/sale-notifications.service.ts';
import { webhookRoutes } from './webhooks.routes.ts';
import type { WebhookService } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the daily sale summaries that are due (the timer calls it every few minutes). */
    queueDailySummaries: () => Promise<number>;
  }
}

/** How often a copy with the job worker looks whether the daily summaries are due. */
const summaryCheckMs = 5 * 60 * 1000;
const logTrimMs = 60 * 60 * 1000;

/**
 * What the seller's own tools and mail box hear of: the webhook and its log, the sale mail
 * setting, and on a copy that runs jobs, the timers of the daily summaries and of the log.
 */
export async function integrationsModule(
  app: FastifyInstance,
  options: {
    webhooks: WebhookService;
    saleNotifications: SaleNotificationService;
    worker: boolean;
  },
) {
  const { webhooks, saleNotifications } = options;
  await app.register(webhookRoutes, { webhooks });
  defineRoute(app, getSaleNotificationsEndpoint, ({ seller }) => saleNotifications.get(seller.id));
  defineRoute(app, setSaleNotificationsEndpoint, ({ seller, body }) =>
    saleNotifications.set(seller.id, body.saleNotifications),
  );

  if (!options.worker) return;
  const every = (ms: number, work: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      work().catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`));
    }, ms);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  every(summaryCheckMs, () => saleNotifications.queueDailySummaries(), 'queueing daily summaries');
  every(logTrimMs, () => webhooks.trimLogs(), 'trimming webhook logs');
  app.addHook('onReady', async () => {
    saleNotifications.queueDailySummaries().catch((error: unknown) => {
      app.log.warn({ err: error }, 'queueing daily summaries failed');
    });
  });
}
