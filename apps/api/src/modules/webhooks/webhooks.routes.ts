import { deleteWebhookEndpoint } from '@seller/contract/developer/delete-webhook';
import { getWebhookEndpoint } from '@seller/contract/developer/get-webhook';
import { listWebhookDeliveriesEndpoint } from '@seller/contract/developer/list-webhook-deliveries';
import { resendWebhookDeliveryEndpoint } from '@seller/contract/developer/resend-webhook-delivery';
import { rotateWebhookSecretEndpoint } from '@seller/contract/developer/rotate-webhook-secret';
import { sendTestWebhookEndpoint } from '@seller/contract/developer/send-test-webhook';
import { putWebhookEndpoint } from '@seller/contract/developer/set-webhook';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { WebhookService } from './webhooks.service.ts';

export async function webhookRoutes(app: FastifyInstance, options: { webhooks: WebhookService }) {
  const { webhooks } = options;
  defineRoute(app, getWebhookEndpoint, ({ seller }) => webhooks.get(seller.id));
  defineRoute(app, putWebhookEndpoint, ({ seller, body }) => webhooks.save(seller.id, body));
  defineRoute(app, deleteWebhookEndpoint, async ({ seller }) => {
    await webhooks.remove(seller.id);
  });
  defineRoute(app, rotateWebhookSecretEndpoint, ({ seller }) => webhooks.rotateSecret(seller.id));
  defineRoute(app, sendTestWebhookEndpoint, ({ seller }) => webhooks.sendTest(seller.id));
  defineRoute(app, listWebhookDeliveriesEndpoint, async ({ seller }) => ({
    deliveries: await webhooks.deliveries(seller.id),
  }));
  defineRoute(app, resendWebhookDeliveryEndpoint, ({ seller, params }) =>
    webhooks.resend(seller.id, params.id),
  );
}
