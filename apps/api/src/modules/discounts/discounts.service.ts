import { randomInt } from 'node:crypto';
import type { createDiscountCodesBodySchema } from '@seller/contract/discounts/create-discount-codes';
import {
  type Discount,
  type DiscountStatus,
  discountCodeInCapitals,
  type discountInputSchema,
} from '@seller/contract/discounts/discount';
import { discountCodesCsvColumns } from '@seller/contract/discounts/export-discount-codes';
import type { ListDiscountsResponse } from '@seller/contract/discounts/list-discounts';
import type { RedeemDiscountResponse } from '@seller/contract/internal/redeem-discount';
import type { ValidateDiscountResponse } from '@seller/contract/internal/validate-discount';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { DiscountRedemptionRow, DiscountRow } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { byteOrderMark, csvLine, localDateTimeFormatter } from '../../lib/csv.ts';
import { uniqueViolation } from '../../lib/database-errors.ts';
import { uuidAsStored } from '../../lib/ids.ts';
import type {
  CodeAtFirstSight,
  CodeForProduct,
  DiscountRepository,
  DiscountValues,
} from './discounts.repository.ts';

type DiscountInput = z.output<typeof discountInputSchema>;

/** The member site's question: this code, typed in any case, for this product at this price. */
interface CodeCheck {
  productId: string;
  code: string;
  amount: number;
}

/**
 * The member site's question as it is looked up and compared: the product's id in lower case
 * (sent in either case), the code in capitals.
 */
const asStored = <T extends CodeCheck>(input: T): T => ({
  ...input,
  productId: uuidAsStored(input.productId),
  code: discountCodeInCapitals(input.code),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Letters of the random part of a single-use code: no 0/O or 1/I to misread. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPartLength = 10;

/**
 * A discount's status at `now`: archived, then used up (uses reached its limit), expired (from
 * its end), scheduled (before its start), else active. docs/product-rules.md.
 */
export function discountStatusAt(row: DiscountRow, now: Date): DiscountStatus {
  if (row.archivedAt) return 'archived';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

const codePattern = /^[A-Z0-9_-]{3,64}$/;
const codeNotFound = () => new AppError('discount_not_found', 'No such discount code');
const codeUsedUp = () => new AppError('discount_used_up', 'The discount code has no use left');

/** Why the discount's rules refuse the code for this product and price at `at`, if they do. */
function refusalByRules(
  discount: Pick<DiscountRow, 'startsAt' | 'endsAt' | 'productIds' | 'minAmount'>,
  input: CodeCheck,
  at: Date,
): AppError | undefined {
  if (
    (discount.startsAt && discount.startsAt.getTime() > at.getTime()) ||
    (discount.endsAt && discount.endsAt.getTime() <= at.getTime())
  ) {
    return new AppError('discount_inactive', 'The discount code is not in force now');
  }
  if (discount.productIds.length > 0 && !discount.productIds.includes(input.productId)) {
    return new AppError('discount_not_applicable', 'The discount code is not for this product');
  }
  if (input.amount < discount.minAmount) {
    return new AppError('discount_below_minimum', 'The price is below the code’s least price');
  }
  return undefined;
}

/** A code read without a limit whose discount has one once locked: checked again, taking turns. */
class LimitSetMeanwhile extends Error {}

/** What the code takes off `amount`: percent rounded down, fixed at most the amount. */
export function discountAmountOf(
  discount: Pick<DiscountRow, 'kind' | 'percent' | 'amount'>,
  amount: number,
): number {
  if (discount.kind === 'percent') return Math.floor((amount * (discount.percent ?? 0)) / 100);
  return Math.min(amount, discount.amount ?? 0);
}

export function toDiscount(row: DiscountRow, now: Date): Discount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount: row.amount,
    productIds: row.productIds,
    maxUses: row.maxUses,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    minAmount: row.minAmount,
    uses: row.uses,
    revenue: row.revenue,
    discountGiven: row.discountGiven,
    status: discountStatusAt(row, now),
    singleUseCodes: row.singleUseCodes,
    createdAt: row.createdAt.toISOString(),
  };
}

const valuesOf = (input: DiscountInput): DiscountValues => ({
  code: input.code,
  kind: input.kind,
  percent: input.kind === 'percent' ? (input.percent ?? null) : null,
  amount: input.kind === 'fixed' ? (input.amount ?? null) : null,
  productIds: input.productIds,
  maxUses: input.maxUses,
  startsAt: input.startsAt === null ? null : new Date(input.startsAt),
  endsAt: input.endsAt === null ? null : new Date(input.endsAt),
  minAmount: input.minAmount,
});

const codeTaken = () =>
  new AppError('code_taken', 'Another of your codes that is not archived has these letters');

function randomCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < randomPartLength; i++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

export function createDiscountService(deps: {
  discounts: DiscountRepository;
  /** How long a redeemed use is held for its order's purchase (`DISCOUNT_HOLD_SECONDS`). */
  holdSeconds: number;
  timeZone: string;
  now?: () => Date;
}) {
  const { discounts, holdSeconds } = deps;
  const now = deps.now ?? (() => new Date());

  async function checkProducts(sellerId: string, productIds: readonly string[]) {
    if ((await discounts.countOwnProducts(sellerId, productIds)) !== productIds.length) {
      throw invalidField('productIds', 'discountProductInvalid', 'Choose among your own products');
    }
  }

  async function owned(sellerId: string, id: string): Promise<DiscountRow> {
    const row = uuidPattern.test(id) ? await discounts.findOwned(sellerId, id) : undefined;
    if (!row) throw notFound('Discount');
    return row;
  }

  /** Runs a write that may take a code's letters: a unique violation is `code_taken`. */
  async function withCodeTaken<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error) === 'discount_codes_seller_code_key') throw codeTaken();
      throw error;
    }
  }

  /**
   * Runs `work` (a transaction checking a code) without taking turns first; when the code's
   * discount was given a limit meanwhile, once more taking turns.
   */
  async function takingTurnsIfLimited<T>(work: (turns: boolean) => Promise<T>): Promise<T> {
    try {
      return await work(false);
    } catch (error) {
      if (!(error instanceof LimitSetMeanwhile)) throw error;
      return work(true);
    }
  }

  /**
   * The code the member site names for a product, checked against its rules at `at`, inside
   * `tx` with its discount's row locked (so that holds are counted while no other redeem of the
   * discount runs); `exceptOrder` is an order whose own hold does not count against it.
   */
  async function applicable(
    tx: Database,
    input: CodeCheck,
    at: Date,
    turns = false,
  ): Promise<{ found: CodeForProduct; discount: DiscountRow; discountAmount: number }> {
    const { code } = input;
    if (!codePattern.test(code)) throw codeNotFound();
    const sellerId = await discounts.productSeller(input.productId, tx);
    if (!sellerId) throw codeNotFound();
    const found = await discounts.findCode(sellerId, code, tx);
    if (!found) throw codeNotFound();
    // A code whose uses are counted (its discount has a limit, or it is single-use) takes its
    // turn; one without has nothing to count, and its redeems go side by side (a flash sale's
    // code would otherwise hold every connection waiting its turn).
    const counted = turns || found.discount.maxUses !== null || found.code.singleUse;
    const discount = await discounts.lockCodeAndDiscount(
      tx,
      { codeId: found.code.id, discountId: found.discount.id },
      counted ? 'update' : 'key share',
    );
    if (!discount || discount.archivedAt) throw codeNotFound();
    // A limit set since the code was read: counted only by taking turns, from the start.
    if (!counted && discount.maxUses !== null) throw new LimitSetMeanwhile();
    const refusal = refusalByRules(discount, input, at);
    if (refusal) throw refusal;
    if (discount.maxUses !== null) {
      const held = await discounts.liveHolds(tx, { discountId: discount.id }, at);
      if (discount.uses + held >= discount.maxUses) throw codeUsedUp();
    }
    if (found.code.singleUse) {
      const codeUses = await discounts.codeUses(tx, found.code.id);
      const held = await discounts.liveHolds(tx, { codeId: found.code.id }, at);
      if (codeUses + held >= 1) throw codeUsedUp();
    }
    return { found, discount, discountAmount: discountAmountOf(discount, input.amount) };
  }

  /**
   * The code as first read, when it takes no turns (no limit, not single-use) and, for a
   * redeem, the order holds no use yet: a check answers from it, a redeem writes its hold in one
   * statement. Undefined sends the call the locked way (`applicable`), which also gives the
   * error of a code that does not exist.
   */
  async function withoutTurns(
    input: CodeCheck,
    orderId: string | null,
  ): Promise<CodeAtFirstSight | undefined> {
    const { code } = input;
    if (!codePattern.test(code)) return undefined;
    const found = await discounts.findCodeForProduct({
      productId: input.productId,
      code,
      orderId,
    });
    if (!found || found.orderHolds || found.singleUse || found.discount.maxUses !== null) {
      return undefined;
    }
    return found;
  }

  const appliedOf = (discount: Pick<DiscountRow, 'kind' | 'percent' | 'amount'>, code: string) => ({
    code,
    kind: discount.kind,
    percent: discount.percent,
    amount: discount.amount,
  });

  const redemptionOf = (
    row: Pick<
      DiscountRedemptionRow,
      'orderId' | 'code' | 'discountAmount' | 'finalAmount' | 'expiresAt'
    >,
  ): RedeemDiscountResponse['redemption'] => ({
    orderId: row.orderId,
    code: row.code,
    discountAmount: row.discountAmount,
    finalAmount: row.finalAmount,
    expiresAt: row.expiresAt.toISOString(),
  });

  return {
    async list(
      sellerId: string,
      query: { status?: DiscountStatus | undefined; page: number; limit: number },
    ): Promise<ListDiscountsResponse> {
      const at = now();
      const { total, rows } = await discounts.list(sellerId, {
        status: query.status,
        now: at,
        page: query.page,
        limit: query.limit,
      });
      return {
        discounts: rows.map((row) => toDiscount(row, at)),
        pagination: {
          total,
          page: query.page,
          limit: query.limit,
          totalPages: Math.ceil(total / query.limit),
        },
      };
    },

    async create(sellerId: string, input: DiscountInput): Promise<Discount> {
      await checkProducts(sellerId, input.productIds);
      const row = await withCodeTaken(() =>
        discounts.transaction((tx) => discounts.insert(tx, sellerId, valuesOf(input))),
      );
      return toDiscount(row, now());
    },

    /** Kind and value are frozen after the first use; an archived code cannot change. */
    async update(sellerId: string, id: string, input: DiscountInput): Promise<Discount> {
      if (!uuidPattern.test(id)) throw notFound('Discount');
      await checkProducts(sellerId, input.productIds);
      const values = valuesOf(input);
      const row = await withCodeTaken(() =>
        discounts.transaction(async (tx) => {
          const current = await discounts.lockOwned(tx, sellerId, id);
          if (!current) throw notFound('Discount');
          if (current.archivedAt) {
            throw new AppError('conflict', 'An archived discount code cannot change');
          }
          const valueChanged =
            current.kind !== values.kind ||
            current.percent !== values.percent ||
            current.amount !== values.amount;
          if (current.uses > 0 && valueChanged) {
            throw new AppError(
              'discount_in_use',
              'The code has been used: its kind and value can no longer change',
            );
          }
          return discounts.update(tx, id, values);
        }),
      );
      return toDiscount(row, now());
    },

    async archive(sellerId: string, id: string): Promise<void> {
      if (!uuidPattern.test(id) || !(await discounts.archive(sellerId, id, now()))) {
        throw notFound('Discount');
      }
    },

    /**
     * `count` single-use codes of the discount: random letters after the prefix; a draw that
     * collides with one of the seller's codes is drawn again.
     */
    async createCodes(
      sellerId: string,
      id: string,
      body: z.output<typeof createDiscountCodesBodySchema>,
    ): Promise<{ created: number }> {
      const discount = await owned(sellerId, id);
      if (discount.archivedAt) {
        throw new AppError('conflict', 'An archived discount code gets no new codes');
      }
      const prefix = body.prefix ?? '';
      let created = 0;
      await discounts.transaction(async (tx) => {
        for (let round = 0; created < body.count; round++) {
          if (round >= 10) throw new Error('could not draw free single-use codes');
          const draws = new Set<string>();
          while (draws.size < body.count - created) draws.add(randomCode(prefix));
          created += await discounts.insertSingleUseCodes(tx, discount, [...draws]);
        }
      });
      return { created };
    },

    /** The single-use codes as CSV lines: `code, uses, usedAt, orderId`. */
    async exportCodes(
      sellerId: string,
      id: string,
    ): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
      const discount = await owned(sellerId, id);
      const rows = await discounts.singleUseCodes(discount.id);
      const localTime = localDateTimeFormatter(deps.timeZone);
      async function* lines() {
        yield byteOrderMark + csvLine(discountCodesCsvColumns);
        for (const row of rows) {
          yield csvLine([
            row.code,
            row.uses,
            row.usedAt ? localTime(row.usedAt) : '',
            row.orderId ?? '',
          ]);
        }
      }
      return { fileName: `discount-codes-${discount.code.toLowerCase()}.csv`, lines: lines() };
    },

    /** Whether the code applies, and the price it gives; nothing is held. */
    async validate(sent: CodeCheck): Promise<ValidateDiscountResponse> {
      const input = asStored(sent);
      const at = now();
      const found = await withoutTurns(input, null);
      if (found) {
        const refusal = refusalByRules(found.discount, input, at);
        if (refusal) throw refusal;
        const discountAmount = discountAmountOf(found.discount, input.amount);
        return {
          discount: appliedOf(found.discount, found.code),
          discountAmount,
          finalAmount: input.amount - discountAmount,
        };
      }
      return takingTurnsIfLimited((turns) =>
        discounts.transaction(async (tx) => {
          const { found, discount, discountAmount } = await applicable(tx, input, at, turns);
          return {
            discount: appliedOf(discount, found.code.code),
            discountAmount,
            finalAmount: input.amount - discountAmount,
          };
        }),
      );
    },

    /**
     * Holds one use of the code for the order, for `holdSeconds`. Under the discount's row lock,
     * uses and live holds are counted and the hold written: held and used together never pass
     * the limit, whatever the concurrency. The same order with the same content while the hold
     * lasts (or once used) answers the stored hold.
     */
    async redeem(
      sent: CodeCheck & { orderId: string },
    ): Promise<{ created: boolean; redemption: RedeemDiscountResponse['redemption'] }> {
      const input = asStored(sent);
      const at = now();
      try {
        const found = await withoutTurns(input, input.orderId);
        if (found) {
          const refusal = refusalByRules(found.discount, input, at);
          if (refusal) throw refusal;
          const discountAmount = discountAmountOf(found.discount, input.amount);
          const hold = {
            orderId: input.orderId,
            code: found.code,
            productId: input.productId,
            amount: input.amount,
            discountAmount,
            finalAmount: input.amount - discountAmount,
            expiresAt: new Date(at.getTime() + holdSeconds * 1000),
          };
          // Changed since it was read (a limit set, an edit, archived): the locked way decides.
          if (await discounts.holdAsRead(found, hold)) {
            return { created: true, redemption: redemptionOf(hold) };
          }
        }
        return await takingTurnsIfLimited((turns) =>
          discounts.transaction(async (tx) => {
            const existing = await discounts.findRedemption(tx, input.orderId);
            const live = existing && (existing.usedAt !== null || existing.expiresAt > at);
            if (existing && live) {
              const same =
                existing.productId === input.productId &&
                existing.code === input.code &&
                existing.amount === input.amount;
              if (!same) {
                throw new AppError(
                  'conflict',
                  'This order already holds a use with other content',
                  [{ path: 'orderId', code: 'orderIdReused' }],
                );
              }
              return { created: false, redemption: redemptionOf(existing) };
            }
            const { found, discount, discountAmount } = await applicable(tx, input, at, turns);
            const row = await discounts.hold(tx, {
              orderId: input.orderId,
              discountId: discount.id,
              codeId: found.code.id,
              code: found.code.code,
              productId: input.productId,
              amount: input.amount,
              discountAmount,
              finalAmount: input.amount - discountAmount,
              expiresAt: new Date(at.getTime() + holdSeconds * 1000),
            });
            return { created: true, redemption: redemptionOf(row) };
          }),
        );
      } catch (error) {
        // The same order redeemed at once with another code: one hold wins, the other conflicts.
        if (uniqueViolation(error) === 'discount_redemptions_pkey') {
          throw new AppError('conflict', 'This order already holds a use');
        }
        throw error;
      }
    },

    release: (orderId: string) => discounts.release(orderId),
  };
}

export type DiscountService = ReturnType<typeof createDiscountService>;
