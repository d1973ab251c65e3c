import { setExchangeRateEndpoint } from '@seller/contract/internal/set-exchange-rate';
import { getExchangeRateEndpoint } from '@seller/contract/products/get-exchange-rate';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { ExchangeRateService } from './exchange-rates.service.ts';

export interface ExchangeRateRoutesOptions {
  rates: ExchangeRateService;
}

export async function exchangeRateRoutes(app: FastifyInstance, options: ExchangeRateRoutesOptions) {
  const { rates } = options;
  await rates.ensureSeeded();

  defineRoute(app, getExchangeRateEndpoint, async () => ({ rate: await rates.latest() }));
}

/** `PUT /api/internal/exchange-rate`, registered inside the signed internal scope. */
export function exchangeRateInternalRoutes(rates: ExchangeRateService): InternalRoutes {
  return (scope) => {
    defineRoute(scope, setExchangeRateEndpoint, async ({ body }) => ({
      rate: await rates.set(body, 'internal_api'),
    }));
  };
}
