import type { FastifyBaseLogger } from 'fastify';
import { type RecurringJobDefinition, recurringRetry, slotPayload } from '../../jobs/job-queue.ts';
import type { ExchangeRateService } from '../exchange-rates.service.ts';

export const refreshExchangeRateKind = 'refresh-exchange-rate';

/**
 * Fetches the provider's rate. A provider that fails keeps the last rate until the next slot:
 * the failure is logged, not retried sooner.
 */
export function createRefreshExchangeRateJob(deps: {
  rates: Pick<ExchangeRateService, 'refreshFromProvider'>;
  url: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}): RecurringJobDefinition {
  return {
    kind: refreshExchangeRateKind,
    payload: slotPayload,
    retry: recurringRetry,
    async handle() {
      try {
        const rate = await deps.rates.refreshFromProvider(deps.url);
        deps.log.info({ rate }, 'exchange rate refreshed from the provider');
      } catch (error) {
        deps.log.warn({ err: error }, 'exchange rate provider failed; keeping the last rate');
      }
    },
  };
}
