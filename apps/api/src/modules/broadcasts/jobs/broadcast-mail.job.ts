import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import { z } from 'zod';
import { exponentialBackoff, type JobDefinition, PermanentJobError } from '../../jobs/job-queue.ts';
import { type MailTransport, renderBuyerMail } from '../../mail/mail.service.ts';
import type { BroadcastRepository } from '../broadcasts.repository.ts';
import { nextSeoulSendTime, waitsForSeoulWindow } from '../send-window.ts';

export const broadcastMailPayload = z.object({ recipientId: z.string() });

/** An SMTP server away, a full mailbox…: retried with growing delays for about a day. */
export const broadcastMailRetry = exponentialBackoff({
  maxAttempts: 10,
  firstMs: 60_000,
  maxMs: 4 * 60 * 60 * 1000,
});

/**
 * One message of a broadcast: rendered in the frame of its buyer's language and sent, once. The
 * recipient's row says whether it went already, so a job that runs again (retried, or enqueued
 * anew for the next morning) sends nothing more.
 */
export function createBroadcastMailJob(deps: {
  broadcasts: BroadcastRepository;
  transport: MailTransport;
  /** An absolute link to the API or the web app. */
  link(path: string): string;
  now(): Date;
  /** Puts the message off until the Seoul window opens (a retry that ran past 21:00). */
  postpone(recipientId: string, runAt: Date): Promise<void>;
}): JobDefinition<typeof broadcastMailPayload> {
  const { broadcasts, transport, link, now } = deps;
  return {
    kind: 'broadcast-mail',
    payload: broadcastMailPayload,
    retry: broadcastMailRetry,
    async handle({ recipientId }, _job, claim) {
      const found = await broadcasts.forSending(recipientId);
      if (!found) throw new PermanentJobError('the broadcast no longer exists');
      const { recipient, broadcast, seller, customer } = found;
      if (recipient.state !== 'queued') return;
      // The buyer may have unsubscribed since the broadcast was recorded.
      const wanted =
        broadcast.kind === 'marketing'
          ? customer.marketingConsent === 'granted'
          : customer.productUpdates;
      if (!wanted) {
        await broadcasts.finish(recipientId, 'skipped', now());
        return;
      }
      const language = languageOf(recipient.language) ?? fallbackLanguage;
      if (waitsForSeoulWindow(broadcast.kind, language)) {
        const at = now();
        const opening = nextSeoulSendTime(at);
        if (opening.getTime() !== at.getTime()) {
          await deps.postpone(recipientId, opening);
          return;
        }
      }
      const [titles, versions] = await Promise.all([
        broadcasts.productTitles(broadcast.productIds),
        broadcasts.versionsOf(broadcast.productIds, broadcast.versionIds),
      ]);
      const token = await broadcasts.tokenFor(recipient.customerId, broadcast.kind);
      const oneClick = link(`/api/public/unsubscribe/${token}`);
      const mail = renderBuyerMail(language, {
        kind: broadcast.kind,
        subject: broadcast.subject,
        body: broadcast.body,
        buyerName: customer.name,
        sellerName: seller.nickname ?? seller.email ?? '',
        sellerContact: seller.email ?? '',
        products: broadcast.productIds.flatMap((id) => {
          const title = titles.find((product) => product.id === id)?.title;
          if (title === undefined) return [];
          return [{ title, versions: versions.filter((version) => version.productId === id) }];
        }),
        unsubscribeUrl: link(`/unsubscribe/${token}`),
      });
      await claim.ensure();
      await transport.send({
        to: recipient.email,
        ...mail,
        headers: {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      await broadcasts.finish(recipientId, 'sent', now());
    },
    async onFailed(executor, { recipientId }, error) {
      await broadcasts.finish(recipientId, 'failed', now(), error, executor);
    },
  };
}
