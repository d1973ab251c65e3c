import { setExchangeRateEndpoint } from '@seller/contract/internal/set-exchange-rate';
import { getExchangeRateEndpoint } from '@seller/contract/products/get-exchange-rate';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { ExchangeRateService } from './exchange-rates.service.ts';

export interface ExchangeRateRoutesOptions {
  rates: ExchangeRateService;
  provider: { url: string; refreshMinutes: number } | undefined;
}

export async function exchangeRateRoutes(app: FastifyInstance, options: ExchangeRateRoutesOptions) {
  const { rates, provider } = options;
  await rates.ensureSeeded();

  defineRoute(app, getExchangeRateEndpoint, async () => ({ rate: await rates.latest() }));

  if (provider) {
    const refresh = async () => {
      try {
        const rate = await rates.refreshFromProvider(provider.url);
        app.log.info({ rate }, 'exchange rate refreshed from the provider');
      } catch (error) {
        app.log.warn({ err: error }, 'exchange rate provider failed; keeping the last rate');
      }
    };
    let running: Promise<void> | undefined;
    const tick = () => {
      running ??= refresh().finally(() => {
        running = undefined;
      });
    };
    const timer = setInterval(tick, provider.refreshMinutes * 60_000);
    timer.unref();
    app.addHook('onReady', async () => {
      tick();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

/** `PUT /api/internal/exchange-rate`, registered inside the signed internal scope. */
export function exchangeRateInternalRoutes(rates: ExchangeRateService): InternalRoutes {
  return (scope) => {
    defineRoute(scope, setExchangeRateEndpoint, async ({ body }) => ({
      rate: await rates.set(body, 'internal_api'),
    }));
  };
}
