import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { isoDaySchema } from '../fields.ts';
import { exchangeRateResponseSchema } from '../products/get-exchange-rate.ts';

const ratePerUsd = z.number().gte(0.0001).max(1_000_000);

export const setExchangeRateBodySchema = z.object({
  krw: ratePerUsd,
  cny: ratePerUsd,
  /** `yyyy-MM-dd`; today in the configured time zone when absent. */
  date: isoDaySchema('dayInvalid')
    .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', 'dateOutOfRange')
    .optional(),
});
export type SetExchangeRateBody = z.input<typeof setExchangeRateBodySchema>;

export const setExchangeRateEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/internal/exchange-rate',
  operationId: 'setExchangeRate',
  summary: 'Record the USD exchange rate',
  description:
    "Records the rate of the US dollar in won and yuan for a day (today in the server's time zone when `date` is left out). Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 200,
  body: setExchangeRateBodySchema,
  response: exchangeRateResponseSchema,
});
