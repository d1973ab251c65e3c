import { randomBytes, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { PutWebhookBody } from '@seller/contract/developer/set-webhook';
import type {
  WebhookDelivery,
  WebhookEvent,
  WebhookPayload,
} from '@seller/contract/developer/webhook';
import { webhookEvents } from '@seller/contract/developer/webhook';
import type { DataAccess, Database } from '../../db/client.ts';
import type { WebhookDeliveryRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { type AddressPolicy, isAllowedAddress } from '../../lib/outbound-request.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { SaleListener } from '../purchases/purchases.service.ts';
import type { RefundListener } from '../refunds/refunds.service.ts';
import { saleRowToTransaction } from '../sales/sales.service.ts';
import { createWebhookDeliveryJob } from './jobs/webhook-delivery.job.ts';
import type { AttemptLogEntry, WebhookRepository } from './webhooks.repository.ts';

export { webhookRetry, webhookRetryDelaysMs } from './jobs/webhook-delivery.job.ts';

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const urlNotAllowed = (reason: string) =>
  new AppError('webhook_url_not_allowed', `This URL cannot receive webhooks: ${reason}`, [
    { path: 'url', code: 'webhookUrlNotAllowed' },
  ]);

function toDelivery(row: WebhookDeliveryRow, attempts: AttemptLogEntry[] = []): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    status: row.status,
    attempts: attempts.map((attempt) => ({
      at: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    })),
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The data of each event a seller's own changes or sales make. */
type EventData = {
  [P in WebhookPayload as P['type']]: P['data'];
};

const isLoopbackHost = (host: string) =>
  host === 'localhost' || /^127\./.test(host) || host === '[::1]' || host === '::1';

/**
 * The seller's webhook: where events go, signed with a secret sealed at rest, each delivery
 * queued in the transaction of its event (so none is lost), retried for about a day, logged.
 */
export function createWebhookService(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  webhooks: WebhookRepository;
  queue: JobQueue;
  secrets: SecretBox;
  /** Plain http to loopback addresses (tests, a receiver beside the server). */
  allowLoopback: boolean;
  now?: () => Date;
}) {
  const { transaction, webhooks, queue, secrets, allowLoopback } = deps;
  const now = deps.now ?? (() => new Date());
  const policy: AddressPolicy = { allowLoopback };

  /** The URL's form, and where its host points now: never inside. */
  async function checkUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw urlNotAllowed('not a URL');
    }
    if (url.username || url.password) throw urlNotAllowed('credentials in the URL');
    const loopbackOk = allowLoopback && url.protocol === 'http:' && isLoopbackHost(url.hostname);
    if (url.protocol !== 'https:' && !loopbackOk) throw urlNotAllowed('https only');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : await lookup(host, { all: true }).then(
          (found) => found.map((entry) => entry.address),
          () => {
            throw urlNotAllowed('its host name does not resolve');
          },
        );
    if (addresses.some((address) => !isAllowedAddress(address, policy))) {
      throw urlNotAllowed('a private, loopback or link-local address');
    }
    url.hash = '';
    return url.toString();
  }

  const deliveryJob = createWebhookDeliveryJob({ webhooks, secrets, policy, now });
  queue.register(deliveryJob);

  /** A delivery of a new event in `executor`'s transaction, with its job. */
  async function enqueue(executor: Database, sellerId: string, payload: WebhookPayload) {
    const delivery = await webhooks.insertDelivery(executor, {
      sellerId,
      eventId: payload.id,
      event: payload.type,
      body: JSON.stringify(payload),
    });
    await queue.enqueue(executor, deliveryJob, { deliveryId: delivery.id });
    return delivery;
  }

  /**
   * Queues an event for the seller's webhook inside the transaction that makes the event,
   * when the seller has one listening for it (`events`: what the webhook listens to, read
   * by the caller with the event's own data).
   */
  async function publish<E extends keyof EventData>(
    executor: Database,
    sellerId: string,
    listening: readonly string[] | null,
    event: E,
    data: EventData[E],
  ): Promise<boolean> {
    if (!listening?.includes(event)) return false;
    // The pair (event, data) is one member of the payload union, which TypeScript cannot
    // follow through the generic.
    const payload = { id: randomUUID(), type: event, createdAt: now().toISOString(), data };
    await enqueue(executor, sellerId, payload as WebhookPayload);
    return true;
  }

  return {
    async get(sellerId: string) {
      const hook = await webhooks.find(sellerId);
      return {
        url: hook?.url ?? null,
        events: (hook?.events ?? []).filter((event): event is WebhookEvent =>
          (webhookEvents as readonly string[]).includes(event),
        ),
      };
    },

    async save(sellerId: string, input: PutWebhookBody) {
      const url = await checkUrl(input.url);
      const secret = newSecret();
      const { row, created } = await webhooks.save(
        sellerId,
        { url, events: [...input.events] },
        secrets.seal(secret),
      );
      return {
        url: row.url,
        events: input.events,
        ...(created ? { secret } : {}),
      };
    },

    async remove(sellerId: string): Promise<void> {
      await webhooks.remove(sellerId);
    },

    /**
     * Deletes the webhook of an account being deleted and its delivery log, in `executor`'s
     * transaction: the log holds the addresses the account sent its events to, which go with it
     * (docs/product-rules.md, "Account data"). A delivery job still queued finds nothing to send.
     */
    async removeAll(executor: Database, sellerId: string): Promise<void> {
      await webhooks.removeAll(executor, sellerId);
    },

    async rotateSecret(sellerId: string): Promise<{ secret: string }> {
      const secret = newSecret();
      if (!(await webhooks.setSecret(sellerId, secrets.seal(secret)))) throw notFound('Webhook');
      return { secret };
    },

    async sendTest(sellerId: string): Promise<WebhookDelivery> {
      if (!(await webhooks.find(sellerId))) throw notFound('Webhook');
      const delivery = await transaction((tx) =>
        enqueue(tx, sellerId, {
          id: randomUUID(),
          type: 'webhook.test',
          createdAt: now().toISOString(),
          data: { message: 'A test event from the seller center.' },
        }),
      );
      queue.nudge();
      return toDelivery(delivery);
    },

    async deliveries(sellerId: string): Promise<WebhookDelivery[]> {
      const rows = await webhooks.listDeliveries(sellerId);
      const attempts = await webhooks.attemptsOf(rows.map((row) => row.id));
      return rows.map((row) => toDelivery(row, attempts.get(row.id)));
    },

    /** The same event again: same body, same `X-Webhook-Id`, a new log entry. */
    async resend(sellerId: string, deliveryId: string): Promise<WebhookDelivery> {
      const original = isUuid(deliveryId)
        ? await webhooks.findOwnedDelivery(sellerId, deliveryId)
        : undefined;
      if (!original) throw notFound('Delivery');
      if (!(await webhooks.find(sellerId))) throw notFound('Webhook');
      const delivery = await transaction(async (tx) => {
        const row = await webhooks.insertDelivery(tx, {
          sellerId,
          eventId: original.eventId,
          event: original.event,
          body: original.body,
        });
        await queue.enqueue(tx, deliveryJob, { deliveryId: row.id });
        return row;
      });
      queue.nudge();
      return toDelivery(delivery);
    },

    publish,

    /** Like `publish`, reading what the seller's webhook listens to (one more query). */
    async publishToSeller<E extends keyof EventData>(
      executor: Database,
      sellerId: string,
      event: E,
      data: EventData[E],
    ): Promise<boolean> {
      const hook = await webhooks.find(sellerId, executor);
      return publish(executor, sellerId, hook?.events ?? null, event, data);
    },

    /** After the transaction that published events commits: deliver now, not at the next poll. */
    deliverSoon: () => queue.nudge(),

    /** `sale.created`, queued in the transaction that records the sale. */
    saleListener: {
      audience: { kind: 'webhookEvent', event: 'sale.created' },
      afterSale: (tx, sale, product) =>
        publish(
          tx,
          sale.sellerId,
          product.webhookEvents,
          'sale.created',
          saleRowToTransaction(sale, product.title),
        ),
      afterCommit: () => queue.nudge(),
    } satisfies SaleListener,

    /** The event of a refund or chargeback, in the transaction that records it. */
    refundListener: {
      audience: { kind: 'webhookEvent', event: 'sale.refunded' },
      afterRefund: (tx, event) =>
        publish(tx, event.sellerId, event.webhookEvents, 'sale.refunded', {
          sale: event.sale,
          refund: event.refund,
        }),
      afterCommit: () => queue.nudge(),
    } satisfies RefundListener,

    trimLogs: () => webhooks.trimLogs(),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
