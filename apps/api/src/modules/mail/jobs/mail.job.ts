import { fallbackLanguage, type Language, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import { exponentialBackoff, type JobDefinition, PermanentJobError } from '../../jobs/job-queue.ts';
import { type RenderedMail, renderMail } from '../mail-messages.ts';
import type { MailTransport } from '../mail-transport.ts';

/** Who a mail goes to: read when it is sent, so a changed address or language is followed. */
export interface MailRecipient {
  email: string;
  language: string | null;
}

/** What each template needs when it is queued; links and dates are made when it is sent. */
export const mailPayloadSchema = z.discriminatedUnion('template', [
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

/** Renders a queued mail in the seller's language and sends it. */
export function createMailJob(deps: {
  transport: MailTransport;
  findRecipient(sellerId: string): Promise<MailRecipient | undefined>;
  /** An absolute link to a page of the web app. */
  link(path: string): string;
  timeZone: string;
}): JobDefinition<typeof mailPayloadSchema> {
  const { transport, link, timeZone } = deps;

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

  return {
    kind: 'mail',
    payload: mailPayloadSchema,
    retry: mailRetry,
    async handle(payload, _job, claim) {
      const recipient = await deps.findRecipient(payload.sellerId);
      if (!recipient) throw new PermanentJobError('the seller no longer exists');
      const language = languageOf(recipient.language ?? undefined) ?? fallbackLanguage;
      // A run that stalled past its lease leaves the mail to the run that took the job.
      await claim.ensure();
      await transport.send({ to: recipient.email, ...compose(payload, language) });
    },
  };
}
