import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailPattern } from '../field-rules.ts';
import { limits } from '../limits.ts';
import { settlementInfoSchema } from './get-settlement-info.ts';

/**
 * Payout details. Every method may be left entirely empty (a seller usually fills one), but a
 * method that is partly filled must be complete. Messages are i18n keys under `validation.`.
 * Each field states its format as a pattern that also accepts the empty value, so that the
 * OpenAPI document carries the rules the server checks.
 */
export const settlementLimits = {
  name: 100,
  phone: 20,
  account: 64,
} as const;

/** Spaces and dashes may stand anywhere in a phone number; they are dropped when it is stored. */
const phoneSeparators = '[\\s-]*';
/** A Chinese mobile number: +86, then 11 digits starting with 1 and 3 to 9; or nothing. */
const alipayPhonePattern = new RegExp(
  `^(?:${['\\+', '8', '6', '1', '[3-9]', ...Array<string>(9).fill('\\d')]
    .map((part) => phoneSeparators + part)
    .join('')}${phoneSeparators})?$`,
);
/**
 * ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3), in
 * either case (it is stored in capitals); or nothing.
 */
const swiftCodePattern = /^(?:[A-Za-z]{6}[A-Za-z0-9]{2}(?:[A-Za-z0-9]{3})?)?$/;
/** Account numbers and IBANs: letters, digits, spaces and dashes; or nothing. */
const accountPattern = /^(?:[A-Za-z0-9][A-Za-z0-9 -]*)?$/;
/** An email address as `emailField` accepts it, or nothing. */
const optionalEmailPattern = new RegExp(`^(?:${emailPattern.source.slice(1, -1)})?$`);

const text = (max: number) =>
  z.string({ error: 'invalid' }).trim().max(max, 'settlementFieldTooLong');

/** A method with some fields filled must have every one of `fields` filled. */
function requireAll(
  value: Record<string, string>,
  fields: readonly string[],
  ctx: z.RefinementCtx,
): void {
  if (!Object.values(value).some((field) => field !== '')) return;
  for (const field of fields) {
    if (value[field] === '') {
      ctx.addIssue({ code: 'custom', path: [field], message: 'settlementFieldRequired' });
    }
  }
}

function compactPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export const alipayInfoSchema = z
  .object({
    phone: text(settlementLimits.phone).regex(alipayPhonePattern, 'alipayPhoneInvalid').default(''),
    realName: text(settlementLimits.name).default(''),
  })
  .describe('Alipay: every field empty, or phone and realName both filled.')
  .superRefine((value, ctx) => requireAll(value, ['phone', 'realName'], ctx))
  // Stored in one form: `+86 13812345678`.
  .transform((value) => ({
    ...value,
    phone: value.phone === '' ? '' : `+86 ${compactPhone(value.phone).slice(3)}`,
  }));

export const bankInfoSchema = z
  .object({
    name: text(settlementLimits.name).default(''),
    account: text(settlementLimits.account).regex(accountPattern, 'bankAccountInvalid').default(''),
    accountHolder: text(settlementLimits.name).default(''),
    /** Only for international transfers. */
    swiftCode: z
      .string({ error: 'invalid' })
      .trim()
      .max(11, { message: 'swiftCodeInvalid', abort: true })
      .regex(swiftCodePattern, 'swiftCodeInvalid')
      .default('')
      .transform((code) => code.toUpperCase()),
    branch: text(settlementLimits.name).default(''),
  })
  .describe(
    'Bank transfer: every field empty, or name, account, accountHolder and branch all filled (swiftCode only for international transfers).',
  )
  .superRefine((value, ctx) =>
    requireAll(value, ['name', 'account', 'accountHolder', 'branch'], ctx),
  );

export const paypalInfoSchema = z
  .object({
    email: z
      .string({ error: 'invalid' })
      .trim()
      .max(limits.email.max, 'emailInvalid')
      .regex(optionalEmailPattern, 'emailInvalid')
      .default(''),
    accountHolder: text(settlementLimits.name).default(''),
  })
  .describe('PayPal: every field empty, or email and accountHolder both filled.')
  .superRefine((value, ctx) => requireAll(value, ['email', 'accountHolder'], ctx));

/** A method left out is kept as saved; `null` clears it; an object replaces it. */
export const updateSettlementInfoBodySchema = z.object({
  alipay: alipayInfoSchema.nullable().optional(),
  bank: bankInfoSchema.nullable().optional(),
  paypal: paypalInfoSchema.nullable().optional(),
});
export type UpdateSettlementInfoBody = z.input<typeof updateSettlementInfoBodySchema>;
export type SettlementInfoInput = z.output<typeof updateSettlementInfoBodySchema>;

export const updateSettlementInfoEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/settlement-info',
  operationId: 'updateSettlementInfo',
  summary: "Change the seller's payout details",
  description:
    'Each method (`alipay`, `bank`, `paypal`) left out of the body is kept as saved; `null` clears it; an object replaces it. A method may be entirely empty, but one that is partly filled must be complete (400 `validation_failed` with `settlementFieldRequired` on each missing field). The Alipay phone is stored as `+86 <11 digits>` and the SWIFT code in capitals.',
  tags: ['settlement'],
  auth: true,
  successStatus: 200,
  body: updateSettlementInfoBodySchema,
  response: settlementInfoSchema,
});
