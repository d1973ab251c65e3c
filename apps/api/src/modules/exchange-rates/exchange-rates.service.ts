import type { SetExchangeRateBody } from '@seller/contract/internal/set-exchange-rate';
import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { z } from 'zod';
import type { ExchangeRateRow } from '../../db/schema.ts';
import type { ExchangeRateRepository, RateSource } from './exchange-rates.repository.ts';

/** Shown until a real rate arrives, so that a new install already shows conversions. */
export const seededRate = { krw: '1380', cny: '7.2', rateDate: '2026-01-01' } as const;

/** `yyyy-MM-dd` of now in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** What a provider at EXCHANGE_RATE_URL answers: `{ krw, cny, date? }` (numbers or numeric strings). */
export const providerRate = z.object({
  krw: z.coerce.number().gte(0.0001).max(1_000_000),
  cny: z.coerce.number().gte(0.0001).max(1_000_000),
  date: z.iso.date().optional(),
});

function toExchangeRate(row: ExchangeRateRow): ExchangeRate {
  return {
    krw: Number(row.krw),
    cny: Number(row.cny),
    date: row.rateDate,
    seeded: row.source === 'seeded',
  };
}

/** A decimal string that keeps the number's digits (never exponent notation). */
function toDecimal(value: number): string {
  return value.toFixed(6).replace(/\.?0+$/, '');
}

export function createExchangeRateService(deps: {
  rates: ExchangeRateRepository;
  timeZone: string;
}) {
  const { rates, timeZone } = deps;
  return {
    async ensureSeeded(): Promise<void> {
      await rates.seedIfEmpty(seededRate);
    },

    async latest(): Promise<ExchangeRate> {
      const row = await rates.latest();
      if (row) return toExchangeRate(row);
      return {
        krw: Number(seededRate.krw),
        cny: Number(seededRate.cny),
        date: seededRate.rateDate,
        seeded: true,
      };
    },

    async set(
      input: Pick<SetExchangeRateBody, 'krw' | 'cny' | 'date'>,
      source: Exclude<RateSource, 'seeded'>,
    ): Promise<ExchangeRate> {
      const row = await rates.insert({
        krw: toDecimal(input.krw),
        cny: toDecimal(input.cny),
        rateDate: input.date ?? todayIn(timeZone),
        source,
      });
      return toExchangeRate(row);
    },

    /** Fetches the provider's rate and stores it; throws on any failure (the caller logs). */
    async refreshFromProvider(url: string, timeoutMs = 10_000): Promise<ExchangeRate> {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`exchange rate provider answered ${response.status}`);
      const parsed = providerRate.safeParse(await response.json());
      if (!parsed.success) throw new Error('exchange rate provider sent an unexpected body');
      return this.set(parsed.data, 'provider');
    },
  };
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
