import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  type AddressPolicy,
  OutboundRefusedError,
  postOutbound,
} from '../../../lib/outbound-request.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { type JobDefinition, PermanentJobError, type RetryPolicy } from '../../jobs/job-queue.ts';
import type { WebhookRepository } from '../webhooks.repository.ts';

/**
 * Delays between attempts: about a day in all, ten attempts. Fixed (no jitter), so the log's
 * "next retry" is the time the retry really comes.
 */
export const webhookRetryDelaysMs = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  8 * 60 * 60_000,
  8 * 60 * 60_000,
];

export const webhookRetry: RetryPolicy = {
  maxAttempts: webhookRetryDelaysMs.length + 1,
  delayMs: (attempt) =>
    webhookRetryDelaysMs[Math.min(attempt, webhookRetryDelaysMs.length) - 1] ?? 60_000,
};

/** A receiver has this long to answer 2xx. */
export const webhookTimeoutMs = 10_000;
/** Of the receiver's answer, only this much is read. */
const maxAnswerBytes = 64 * 1024;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: what the receiver checks. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

export const webhookDeliveryPayload = z.object({ deliveryId: z.string() });

/**
 * Posts one delivery to the seller's webhook, signed, and logs the attempt; a failed attempt
 * stays pending with its next retry's time until the last one, and the delivery fails when its
 * job does. A run that lost its job to another run (it stalled past its lease) neither posts
 * nor records anything more: the request is cut off, and its outcome is not written over the
 * other run's.
 */
export function createWebhookDeliveryJob(deps: {
  webhooks: WebhookRepository;
  secrets: SecretBox;
  policy: AddressPolicy;
  now: () => Date;
}): JobDefinition<typeof webhookDeliveryPayload> {
  const { webhooks, secrets, policy, now } = deps;
  return {
    kind: 'webhook',
    payload: webhookDeliveryPayload,
    retry: webhookRetry,
    async handle({ deliveryId }, job, claim) {
      const delivery = await webhooks.findDelivery(deliveryId);
      if (delivery?.status !== 'pending') return;
      const hook = await webhooks.find(delivery.sellerId);
      if (!hook) {
        await webhooks.transaction(async (tx) => {
          await claim.ensure(tx);
          await webhooks.recordAttempt(tx, delivery.id, {
            status: 'failed',
            attempts: delivery.attempts,
            statusCode: null,
            durationMs: null,
            error: 'the webhook was removed',
            nextAttemptAt: null,
          });
        });
        throw new PermanentJobError('the webhook was removed');
      }
      await claim.ensure();
      const at = now();
      const final = job.attempts >= webhookRetry.maxAttempts;
      const nextAttemptAt = final
        ? null
        : new Date(at.getTime() + webhookRetry.delayMs(job.attempts));
      let statusCode: number | null = null;
      let durationMs: number | null = null;
      let error: string | null = null;
      const started = performance.now();
      try {
        const answer = await postOutbound({
          url: hook.url,
          body: delivery.body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'SellerCenter-Webhooks/1',
            'x-webhook-id': delivery.eventId,
            'x-webhook-event': delivery.event,
            'x-signature': webhookSignature(
              secrets.open(hook.secret),
              delivery.body,
              Math.floor(at.getTime() / 1000),
            ),
          },
          timeoutMs: webhookTimeoutMs,
          maxBodyBytes: maxAnswerBytes,
          policy,
          signal: claim.signal,
        });
        statusCode = answer.status;
        durationMs = answer.durationMs;
        if (answer.status < 200 || answer.status >= 300) error = `answered ${answer.status}`;
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        durationMs =
          failure instanceof OutboundRefusedError ? null : Math.round(performance.now() - started);
      }
      const succeeded = error === null;
      // Written only while the run still holds its job: a run that stalled past its lease never
      // turns another run's success back into a pending retry.
      await webhooks.transaction(async (tx) => {
        await claim.ensure(tx);
        await webhooks.recordAttempt(
          tx,
          delivery.id,
          {
            status: succeeded ? 'succeeded' : final ? 'failed' : 'pending',
            attempts: job.attempts,
            statusCode,
            durationMs,
            error,
            nextAttemptAt: succeeded ? null : nextAttemptAt,
          },
          // Every attempt stays in the log, not only the last: a 500 before a retry that
          // succeeded is still there to see.
          { attemptedAt: at, statusCode, durationMs: durationMs ?? 0, error },
        );
      });
      if (!succeeded) throw new Error(error ?? 'failed');
    },
    /**
     * The job failed for good without recording it itself (its worker died during the last
     * attempt): the delivery fails, with no retry to come.
     */
    async onFailed(executor, { deliveryId }, error) {
      await webhooks.failPending(executor, deliveryId, error);
    },
  };
}
