import type { Language } from '@seller/contract/languages';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createMailJob, type MailPayload, type MailRecipient } from './jobs/mail.job.ts';
import { type MailData, type MailTemplate, renderMail } from './mail-messages.ts';
import type { MailTransport } from './mail-transport.ts';

export { buyerMailTexts, renderBuyerMail } from './buyer-mail.ts';
export type { MailPayload, MailRecipient } from './jobs/mail.job.ts';
export { formatWhen, mailRetry } from './jobs/mail.job.ts';
export { formatWon } from './mail-messages.ts';
export type { MailTransport } from './mail-transport.ts';

export interface MailDeps {
  queue: JobQueue;
  transport: MailTransport;
  findRecipient(sellerId: string): Promise<MailRecipient | undefined>;
  /** `PUBLIC_URL` (or `http://localhost:PORT`): links in mail never come from a request. */
  publicUrl: string;
  timeZone: string;
}

/**
 * Mail to sellers, through the durable queue: `enqueue` writes the job in the caller's
 * transaction (so the mail exists exactly when the event does), the worker renders it in the
 * seller's language and sends it, retrying while the SMTP server is away.
 */
export function createMailService(deps: MailDeps) {
  const { queue, transport, publicUrl } = deps;
  const link = (path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

  const mailJob = createMailJob({
    transport,
    findRecipient: deps.findRecipient,
    link,
    timeZone: deps.timeZone,
  });
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
