import { fallbackLanguage, type Language, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { exponentialBackoff, type JobQueue, PermanentJobError } from '../jobs/job-queue.ts';
import {
  type MailData,
  type MailTemplate,
  type RenderedMail,
  renderMail,
} from './mail-messages.ts';
import type { MailTransport } from './mail-transport.ts';

/** Who a mail goes to: read when it is sent, so a changed address or language is followed. */
export interface MailRecipient {
  email: string;
  language: string | null;
}

export interface MailDeps {
  queue: JobQueue;
  transport: MailTransport;
  findRecipient(sellerId: string): Promise<MailRecipient | undefined>;
  /** `PUBLIC_URL` (or `http://localhost:PORT`): links in mail never come from a request. */
  publicUrl: string;
  timeZone: string;
}

/** What each template needs when it is queued; links and dates are made when it is sent. */
const mailPayloadSchema = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('passwordChanged'),
    sellerId: z.string(),
    at: z.iso.datetime(),
  }),
  z.object({
    template: z.literal('newSignIn'),
    sellerId: z.string(),
    at: z.iso.datetime(),
    address: z.string(),
    failedAttempts: z.number().int(),
  }),
]);
export type MailPayload = z.infer<typeof mailPayloadSchema>;

export { formatWon } from './mail-messages.ts';

/** SMTP down, a full mailbox…: retried with growing delays for about a day. */
export const mailRetry = exponentialBackoff({
  maxAttempts: 12,
  firstMs: 30_000,
  maxMs: 4 * 60 * 60 * 1000,
});

/** A date and time as the seller reads it, in the seller center's time zone. */
export function formatWhen(at: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

/**
 * Mail to sellers, through the durable queue: `enqueue` writes the job in the caller's
 * transaction (so the mail exists exactly when the event does), the worker renders it in the
 * seller's language and sends it, retrying while the SMTP server is away.
 */
export function createMailService(deps: MailDeps) {
  const { queue, transport, publicUrl, timeZone } = deps;
  const link = (path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

  function compose(payload: MailPayload, language: Language): RenderedMail {
    const when = formatWhen(new Date(payload.at), language, timeZone);
    switch (payload.template) {
      case 'passwordChanged':
        return renderMail('passwordChanged', language, { when, url: link('/forgot-password') });
      case 'newSignIn':
        return renderMail('newSignIn', language, {
          when,
          address: payload.address,
          failedAttempts: payload.failedAttempts,
          url: link('/forgot-password'),
        });
    }
  }

  const mailJob = {
    kind: 'mail',
    payload: mailPayloadSchema,
    retry: mailRetry,
    async handle(payload: MailPayload) {
      const recipient = await deps.findRecipient(payload.sellerId);
      if (!recipient) throw new PermanentJobError('the seller no longer exists');
      const language = languageOf(recipient.language ?? undefined) ?? fallbackLanguage;
      await transport.send({ to: recipient.email, ...compose(payload, language) });
    },
  };
  queue.register(mailJob);

  return {
    /**
     * Queues a mail in `executor`'s transaction. `dedupeKey` makes it one mail per event (a
     * retried request, or the once-a-day notice, enqueues nothing more).
     */
    enqueue(executor: Database, payload: MailPayload, dedupeKey?: string): Promise<boolean> {
      return queue.enqueue(executor, mailJob, payload, dedupeKey ? { dedupeKey } : {});
    },

    /** Sends a mail rendered elsewhere (a job that renders its own, such as a reset link). */
    send<T extends MailTemplate>(to: string, template: T, language: Language, data: MailData[T]) {
      return transport.send({ to, ...renderMail(template, language, data) });
    },

    /** After the transaction that queued a mail commits: send it now, not at the next poll. */
    sendSoon: () => queue.nudge(),

    link,
  };
}

export type MailService = ReturnType<typeof createMailService>;
