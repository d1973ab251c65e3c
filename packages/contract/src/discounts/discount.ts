import { z } from 'zod';
import { isoDateTimeSchema } from '../fields.ts';
import { limits, maxPurchaseAmount } from '../limits.ts';

export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** Derived from the dates, the uses and the archive, in this order of precedence. */
export const discountStatuses = ['active', 'scheduled', 'expired', 'used_up', 'archived'] as const;
export type DiscountStatus = (typeof discountStatuses)[number];

/** A code: 3–32 of `A–Z 0–9 _ -`, typed in any case and kept in capitals. */
export const discountCodePattern = /^[A-Za-z0-9_-]{3,32}$/;

/**
 * A code in capitals, as it is kept and looked up: the seller's codes when made, and the code a
 * buyer types when it is checked, held or recorded with a sale, so that the one finds the other.
 */
export const discountCodeInCapitals = (code: string): string => code.toUpperCase();

export const discountCodeSchema = z
  .string({ error: 'discountCodeInvalid' })
  .trim()
  .regex(discountCodePattern, 'discountCodeInvalid')
  .transform(discountCodeInCapitals);

const wholeWon = (message: string) =>
  z.int({ error: message }).min(1, message).max(maxPurchaseAmount, message);

/** What the seller sets of a discount, on create and on edit alike. */
export const discountInputSchema = z
  .object({
    code: discountCodeSchema,
    kind: z.enum(discountKinds, { error: 'discountKindInvalid' }),
    /** With `percent`: 1–100. */
    percent: z
      .int({ error: 'discountPercentInvalid' })
      .min(1, 'discountPercentInvalid')
      .max(100, 'discountPercentInvalid')
      .nullable()
      .optional(),
    /** With `fixed`: the won taken off, at least 1. */
    amount: wholeWon('discountAmountInvalid').nullable().optional(),
    /** The seller's products the code applies to; empty (or absent) for all of them. */
    productIds: z
      .array(z.uuid({ error: 'discountProductInvalid' }), { error: 'discountProductInvalid' })
      .max(limits.discounts.maxProducts, 'discountProductInvalid')
      .default([]),
    /** How many times the code may be used in all; null for no limit. */
    maxUses: z
      .int({ error: 'discountMaxUsesInvalid' })
      .min(1, 'discountMaxUsesInvalid')
      .max(limits.discounts.maxUses, 'discountMaxUsesInvalid')
      .nullable()
      .default(null),
    /** From when it may be used; null for at once. */
    startsAt: isoDateTimeSchema.nullable().default(null),
    /** Until when (excluded); null for no end. */
    endsAt: isoDateTimeSchema.nullable().default(null),
    /** The least price (before the discount) it applies to, in won; 0 for any. */
    minAmount: z
      .int({ error: 'discountMinAmountInvalid' })
      .min(0, 'discountMinAmountInvalid')
      .max(maxPurchaseAmount, 'discountMinAmountInvalid')
      .default(0),
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent' && (input.percent ?? null) === null) {
      context.addIssue({ code: 'custom', path: ['percent'], message: 'discountPercentInvalid' });
    }
    if (input.kind === 'fixed' && (input.amount ?? null) === null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'discountAmountInvalid' });
    }
    if (input.kind === 'percent' && (input.amount ?? null) !== null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'discountValueMismatch' });
    }
    if (input.kind === 'fixed' && (input.percent ?? null) !== null) {
      context.addIssue({ code: 'custom', path: ['percent'], message: 'discountValueMismatch' });
    }
    if (
      input.startsAt !== null &&
      input.endsAt !== null &&
      Date.parse(input.endsAt) <= Date.parse(input.startsAt)
    ) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'discountDatesInvalid' });
    }
    if (new Set(input.productIds).size !== input.productIds.length) {
      context.addIssue({ code: 'custom', path: ['productIds'], message: 'discountProductInvalid' });
    }
  });
export type DiscountInput = z.input<typeof discountInputSchema>;

export const discountSchema = z.object({
  id: z.string(),
  /** In capitals; buyers may type it in any case. */
  code: z.string(),
  kind: z.enum(discountKinds),
  /** 1–100 with `percent`, else null. */
  percent: z.number().int().nullable(),
  /** Won taken off with `fixed`, else null. */
  amount: z.number().int().nullable(),
  /** Empty: every product of the seller. */
  productIds: z.array(z.string()),
  maxUses: z.number().int().nullable(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  minAmount: z.number().int(),
  /** Sales recorded with the code (its single-use codes included). */
  uses: z.number().int(),
  /** What those sales paid, in won. */
  revenue: z.number().int(),
  /** What the code took off their list prices, in won. */
  discountGiven: z.number().int(),
  status: z.enum(discountStatuses),
  /** Single-use codes made for it in bulk. */
  singleUseCodes: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountParamsSchema = z.object({ id: z.string() });

export const discountResponseSchema = z.object({ discount: discountSchema });
export type DiscountResponse = z.infer<typeof discountResponseSchema>;
