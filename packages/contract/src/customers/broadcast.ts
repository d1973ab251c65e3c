import { z } from 'zod';
import { limits } from '../limits.ts';

export const broadcastKinds = ['product_update', 'marketing'] as const;
export type BroadcastKind = (typeof broadcastKinds)[number];

/** Buyers a mail leaves out, by the first reason that applies (docs/product-rules.md). */
export const broadcastExcludedSchema = z.object({
  /** Marketing only: buyers who never gave consent (`none`). */
  noConsent: z.number().int(),
  /** Buyers who withdrew marketing consent, or turned product updates off. */
  unsubscribed: z.number().int(),
  /** Buyers whose sales of the chosen products were all fully refunded. */
  refunded: z.number().int(),
});
export type BroadcastExcluded = z.infer<typeof broadcastExcludedSchema>;

/** What the seller writes: the text goes as written (plain text) inside the mail's frame. */
export const broadcastInputSchema = z
  .object({
    kind: z.enum(broadcastKinds, { error: 'broadcastKindInvalid' }),
    /** The products it is about: required for `product_update`, narrows `marketing` to buyers. */
    productIds: z
      .array(z.uuid({ error: 'broadcastProductInvalid' }), { error: 'broadcastProductInvalid' })
      .max(limits.broadcasts.maxProducts, 'broadcastProductInvalid')
      .default([]),
    /** `product_update` only: versions of the products' files whose label and changelog it quotes. */
    versionIds: z
      .array(z.uuid({ error: 'broadcastVersionInvalid' }), { error: 'broadcastVersionInvalid' })
      .max(limits.broadcasts.maxVersions, 'broadcastVersionInvalid')
      .default([]),
    subject: z
      .string({ error: 'broadcastSubjectLength' })
      .trim()
      .min(1, 'broadcastSubjectLength')
      .max(limits.broadcasts.subjectMax, 'broadcastSubjectLength')
      .refine((subject) => !/[\r\n]/.test(subject), 'broadcastSubjectLength'),
    body: z
      .string({ error: 'broadcastBodyLength' })
      .min(1, 'broadcastBodyLength')
      .max(limits.broadcasts.bodyMax, 'broadcastBodyLength')
      .refine((body) => body.trim().length > 0, 'broadcastBodyLength'),
  })
  .superRefine((input, context) => {
    if (input.kind === 'product_update' && input.productIds.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: 'broadcastProductsRequired',
      });
    }
    if (input.kind === 'marketing' && input.versionIds.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['versionIds'],
        message: 'broadcastVersionInvalid',
      });
    }
  });
export type BroadcastInput = z.input<typeof broadcastInputSchema>;

/** A recorded mail to buyers, as the list shows it. */
export const broadcastSchema = z.object({
  id: z.string(),
  kind: z.enum(broadcastKinds),
  subject: z.string(),
  productIds: z.array(z.string()),
  /** Buyers it goes to, counted when it was recorded. */
  recipients: z.number().int(),
  excluded: broadcastExcludedSchema,
  /** Mails delivered to the SMTP server so far, and those given up after every retry. */
  sent: z.number().int(),
  failed: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
