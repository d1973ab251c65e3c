import { createExchangeRateRepository } from '../modules/exchange-rates/exchange-rates.repository.ts';
import { createExchangeRateService } from '../modules/exchange-rates/exchange-rates.service.ts';
import { parseRateArguments } from '../modules/exchange-rates/rate-arguments.ts';
import { runCommand } from './command-context.ts';

// npm run rates:set -- --krw 1390.5 --cny 7.21 [--date 2026-05-01]
await runCommand(async ({ config, database }) => {
  const input = parseRateArguments(process.argv.slice(2));
  const rates = createExchangeRateService({
    rates: createExchangeRateRepository(database.db),
    timeZone: config.timeZone,
  });
  const rate = await rates.set(input, 'command');
  return `exchange rate of ${rate.date} set: 1 USD = ${rate.krw} KRW = ${rate.cny} CNY`;
});
