import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const settlementInfoSchema = z.object({
  alipay: z.object({ phone: z.string(), realName: z.string() }),
  bank: z.object({
    name: z.string(),
    account: z.string(),
    accountHolder: z.string(),
    /** Empty when not given (domestic transfers). */
    swiftCode: z.string(),
    branch: z.string(),
  }),
  paypal: z.object({ email: z.string(), accountHolder: z.string() }),
});
export type SettlementInfo = z.infer<typeof settlementInfoSchema>;

/** What a seller who never saved anything gets: every field an empty string. */
export const emptySettlementInfo: SettlementInfo = {
  alipay: { phone: '', realName: '' },
  bank: { name: '', account: '', accountHolder: '', swiftCode: '', branch: '' },
  paypal: { email: '', accountHolder: '' },
};

export const getSettlementInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/settlement-info',
  operationId: 'getSettlementInfo',
  summary: "The seller's payout details",
  description: 'Alipay, bank transfer and PayPal details; a field never filled is an empty string.',
  tags: ['settlement'],
  auth: true,
  successStatus: 200,
  response: settlementInfoSchema,
});
