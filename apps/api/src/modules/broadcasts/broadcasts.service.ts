import type {
  Broadcast,
  BroadcastExcluded,
  broadcastInputSchema,
} from '@seller/contract/customers/broadcast';
import type { CreateBroadcastResponse } from '@seller/contract/customers/create-broadcast';
import type { ListBroadcastsResponse } from '@seller/contract/customers/list-broadcasts';
import type { UnsubscribeResponse } from '@seller/contract/customers/unsubscribe';
import { fallbackLanguage, languageOf } from '@seller/contract/languages';
import type { z } from 'zod';
import type { BroadcastRow } from '../../db/schema.ts';
import { AppError, invalidField } from '../../lib/app-error.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { MailTransport } from '../mail/mail.service.ts';
import type { BroadcastCandidate, BroadcastRepository } from './broadcasts.repository.ts';
import { createBroadcastMailJob } from './jobs/broadcast-mail.job.ts';
import { nextSeoulSendTime, waitsForSeoulWindow } from './send-window.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** How often a seller may write to buyers (docs/product-rules.md, "Mail to buyers"). */
export const broadcastIntervals = { marketingMs: 7 * dayMs, productUpdateMs: dayMs } as const;

export const toBroadcast = (row: BroadcastRow & { sent: number; failed: number }): Broadcast => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  productIds: row.productIds,
  recipients: row.recipients,
  excluded: {
    noConsent: row.excludedNoConsent,
    unsubscribed: row.excludedUnsubscribed,
    refunded: row.excludedRefunded,
  },
  sent: row.sent,
  failed: row.failed,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Who a broadcast reaches, and why each other buyer is left out: refunded first (every sale
 * of the chosen products was fully refunded), then consent (marketing) or product updates.
 */
export function sortCandidates(
  kind: Broadcast['kind'],
  narrowedToProducts: boolean,
  candidates: readonly BroadcastCandidate[],
): { reached: BroadcastCandidate[]; excluded: BroadcastExcluded } {
  const excluded: BroadcastExcluded = { noConsent: 0, unsubscribed: 0, refunded: 0 };
  const reached: BroadcastCandidate[] = [];
  for (const candidate of candidates) {
    if (narrowedToProducts && !candidate.hasLiveSale) excluded.refunded += 1;
    else if (kind === 'marketing' && candidate.marketingConsent === 'none') excluded.noConsent += 1;
    else if (kind === 'marketing' && candidate.marketingConsent === 'withdrawn') {
      excluded.unsubscribed += 1;
    } else if (kind === 'product_update' && !candidate.productUpdates) excluded.unsubscribed += 1;
    else reached.push(candidate);
  }
  return { reached, excluded };
}

/**
 * Mail from a seller to buyers: recorded with its recipients and counts in one transaction,
 * sent by the job queue one message per buyer (decision 049).
 */
export function createBroadcastService(deps: {
  broadcasts: BroadcastRepository;
  queue: JobQueue;
  transport: MailTransport;
  /** `PUBLIC_URL`: links in mail never come from a request. */
  publicUrl: string;
  now?: () => Date;
}) {
  const { broadcasts, queue } = deps;
  const now = deps.now ?? (() => new Date());
  const link = (path: string) => `${deps.publicUrl.replace(/\/+$/, '')}${path}`;

  const mailJob = createBroadcastMailJob({
    broadcasts,
    transport: deps.transport,
    link,
    now,
    postpone: async (recipientId, runAt) => {
      await broadcasts.transaction((tx) =>
        queue.enqueue(
          tx,
          mailJob,
          { recipientId },
          { dedupeKey: `broadcast-mail:${recipientId}:${runAt.toISOString()}`, runAt },
        ),
      );
    },
  });
  queue.register(mailJob);

  return {
    async create(
      sellerId: string,
      input: z.output<typeof broadcastInputSchema>,
    ): Promise<CreateBroadcastResponse> {
      const at = now();
      const productIds = [...new Set(input.productIds)];
      const versionIds = [...new Set(input.versionIds)];
      const created = await broadcasts.transaction(async (tx) => {
        const seller = await broadcasts.lockSeller(tx, sellerId);
        if (productIds.length > 0) {
          const own = await broadcasts.ownProducts(tx, sellerId, productIds);
          if (own.length !== productIds.length) {
            throw invalidField(
              'productIds',
              'broadcastProductInvalid',
              'Invalid body: a product is not yours',
            );
          }
        }
        if (versionIds.length > 0) {
          const versions = await broadcasts.versionsOf(productIds, versionIds, tx);
          if (versions.length !== versionIds.length) {
            throw invalidField(
              'versionIds',
              'broadcastVersionInvalid',
              'Invalid body: a version is not of the chosen products',
            );
          }
        }
        const recent =
          input.kind === 'marketing'
            ? await broadcasts.sentSince(
                tx,
                sellerId,
                'marketing',
                new Date(at.getTime() - broadcastIntervals.marketingMs),
              )
            : await broadcasts.sentSince(
                tx,
                sellerId,
                'product_update',
                new Date(at.getTime() - broadcastIntervals.productUpdateMs),
                productIds,
              );
        if (recent) {
          throw new AppError(
            'broadcast_too_frequent',
            input.kind === 'marketing'
              ? 'Marketing mail goes out at most once in 7 days'
              : 'A product’s update goes out at most once a day',
          );
        }
        const candidates = await broadcasts.candidates(tx, sellerId, productIds);
        const { reached, excluded } = sortCandidates(input.kind, productIds.length > 0, candidates);
        if (reached.length === 0) {
          throw new AppError('no_recipients', 'This mail would reach no buyer');
        }
        const broadcast = await broadcasts.insertBroadcast(tx, {
          sellerId,
          kind: input.kind,
          subject: input.subject,
          body: input.body,
          productIds,
          versionIds,
          recipients: reached.length,
          excludedNoConsent: excluded.noConsent,
          excludedUnsubscribed: excluded.unsubscribed,
          excludedRefunded: excluded.refunded,
          createdAt: at,
        });
        const sellerLanguage = languageOf(seller.language ?? undefined) ?? fallbackLanguage;
        const recipients = await broadcasts.insertRecipients(
          tx,
          reached.map((candidate) => {
            const language = languageOf(candidate.locale ?? undefined) ?? sellerLanguage;
            return {
              broadcastId: broadcast.id,
              customerId: candidate.id,
              email: candidate.email,
              language,
              sendAt: waitsForSeoulWindow(input.kind, language) ? nextSeoulSendTime(at) : at,
            };
          }),
        );
        await queue.enqueueMany(
          tx,
          mailJob,
          recipients.map((recipient) => ({
            payload: { recipientId: recipient.id },
            dedupeKey: `broadcast-mail:${recipient.id}`,
            // Due at once (by the database's clock) unless it waits for the window.
            ...(recipient.sendAt.getTime() > at.getTime() ? { runAt: recipient.sendAt } : {}),
          })),
        );
        return {
          broadcast: { id: broadcast.id, kind: input.kind, recipients: reached.length, excluded },
        };
      });
      queue.nudge();
      return created;
    },

    async list(
      sellerId: string,
      query: { page: number; limit: number },
    ): Promise<ListBroadcastsResponse> {
      const { page, limit } = query;
      const { total, rows } = await broadcasts.list(sellerId, (page - 1) * limit, limit);
      return {
        broadcasts: rows.map(toBroadcast),
        pagination: { total, page, limit, totalPages: Math.ceil(total / limit) },
      };
    },

    /** The one-click unsubscribe: idempotent, no sign-in; an unknown token is 404. */
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      const kind = await broadcasts.unsubscribe(token, now());
      if (!kind) {
        throw new AppError('unsubscribe_token_invalid', 'This unsubscribe link is not valid');
      }
      return { unsubscribed: { kind } };
    },
  };
}

export type BroadcastService = ReturnType<typeof createBroadcastService>;
