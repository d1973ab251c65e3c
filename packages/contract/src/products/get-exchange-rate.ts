import { z } from 'zod';
import { roundedProduct } from '../decimal-rounding.ts';
import { defineEndpoint } from '../endpoint.ts';

export const exchangeRateSchema = z.object({
  /** Won per US dollar. */
  krw: z.number(),
  /** Yuan per US dollar. */
  cny: z.number(),
  /** The day the rate is for, `yyyy-MM-dd`. */
  date: z.iso.date(),
  /** True while only the built-in starting rate is known (no rate has been set yet). */
  seeded: z.boolean(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRateResponseSchema = z.object({ rate: exchangeRateSchema });
export type ExchangeRateResponse = z.infer<typeof exchangeRateResponseSchema>;

export const getExchangeRateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/exchange-rate/latest',
  operationId: 'getExchangeRate',
  summary: 'The latest USD exchange rate',
  description:
    'The latest rate of the US dollar in won (KRW) and yuan (CNY), with the day it is for. Prices are shown in KRW rounded to a whole won and in CNY rounded to one decimal.',
  tags: ['products'],
  auth: true,
  successStatus: 200,
  response: exchangeRateResponseSchema,
});

/** The price in KRW, rounded to a whole won, halves up (docs/product-rules.md, Money). */
export function toKrw(priceUsd: number, rate: Pick<ExchangeRate, 'krw'>): number {
  return roundedProduct(priceUsd, rate.krw, 0);
}

/** The price in CNY, rounded to one decimal, halves up (docs/product-rules.md, Money). */
export function toCny(priceUsd: number, rate: Pick<ExchangeRate, 'cny'>): number {
  return roundedProduct(priceUsd, rate.cny, 1);
}
