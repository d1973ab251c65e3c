import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emailField } from '../fields.ts';
import { emptySettlementInfo, settlementInfo } from './get-settlement-info.ts';

/**
 * Payout details. Every method may be left entirely empty (a seller usually fills one), but a
 * method that is partly filled must be complete. Messages are i18n keys under `validation.`.
 */
export const settlementLimits = {
  name: 100,
  phone: 20,
  account: 64,
} as const;

/** A Chinese mobile number: +86, then 11 digits starting with 1 (spaces and dashes allowed). */
const alipayPhonePattern = /^\+861[3-9]\d{9}$/;
/** ISO 9362: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const swiftCodePattern = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** Account numbers and IBANs: letters, digits, spaces and dashes. */
const accountPattern = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

const text = (max: number) =>
  z.string({ error: 'invalid' }).trim().max(max, 'settlementFieldTooLong').default('');

const required = 'settlementFieldRequired';

function requireAll(
  value: Record<string, string>,
  fields: readonly string[],
  ctx: z.RefinementCtx,
): boolean {
  const filled = Object.values(value).some((field) => field !== '');
  if (!filled) return false;
  for (const field of fields) {
    if (value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: required });
  }
  return true;
}

function compactPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export const alipayInfo = z
  .object({ phone: text(settlementLimits.phone), realName: text(settlementLimits.name) })
  .superRefine((value, ctx) => {
    if (!requireAll(value, ['phone', 'realName'], ctx)) return;
    if (value.phone !== '' && !alipayPhonePattern.test(compactPhone(value.phone))) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'alipayPhoneInvalid' });
    }
  })
  // Stored in one form: `+86 13812345678`.
  .transform((value) => ({
    ...value,
    phone: value.phone === '' ? '' : `+86 ${compactPhone(value.phone).slice(3)}`,
  }));

export const bankInfo = z
  .object({
    name: text(settlementLimits.name),
    account: text(settlementLimits.account),
    accountHolder: text(settlementLimits.name),
    swiftCode: z
      .string({ error: 'invalid' })
      .trim()
      .max(11, 'swiftCodeInvalid')
      .default('')
      .transform((code) => code.toUpperCase()),
    branch: text(settlementLimits.name),
  })
  .superRefine((value, ctx) => {
    if (!requireAll(value, ['name', 'account', 'accountHolder', 'branch'], ctx)) return;
    if (value.account !== '' && !accountPattern.test(value.account)) {
      ctx.addIssue({ code: 'custom', path: ['account'], message: 'bankAccountInvalid' });
    }
    if (value.swiftCode !== '' && !swiftCodePattern.test(value.swiftCode)) {
      ctx.addIssue({ code: 'custom', path: ['swiftCode'], message: 'swiftCodeInvalid' });
    }
  });

export const paypalInfo = z
  .object({
    email: z.string({ error: 'invalid' }).trim().default(''),
    accountHolder: text(settlementLimits.name),
  })
  .superRefine((value, ctx) => {
    if (!requireAll(value, ['email', 'accountHolder'], ctx)) return;
    if (value.email !== '' && !emailField.safeParse(value.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailInvalid' });
    }
  });

export const updateSettlementInfoBody = z.object({
  alipay: alipayInfo.default(emptySettlementInfo.alipay),
  bank: bankInfo.default(emptySettlementInfo.bank),
  paypal: paypalInfo.default(emptySettlementInfo.paypal),
});
export type UpdateSettlementInfoBody = z.input<typeof updateSettlementInfoBody>;
export type SettlementInfoInput = z.output<typeof updateSettlementInfoBody>;

export const updateSettlementInfo = defineEndpoint({
  method: 'PUT',
  path: '/api/auth/settlement-info',
  summary:
    'Replace the payout details; each method may be empty, a partly filled method is refused',
  tags: ['settlement'],
  auth: true,
  successStatus: 200,
  body: updateSettlementInfoBody,
  response: settlementInfo,
});
