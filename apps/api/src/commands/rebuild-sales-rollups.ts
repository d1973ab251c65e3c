import { createPurchaseRepository } from '../modules/purchases/purchases.repository.ts';
import { createPurchaseService } from '../modules/purchases/purchases.service.ts';
import { runCommand } from './command-context.ts';

// npm run sales:rebuild-rollups
// Recomputes the sales rollups and every product's sales count from the sales table: after a
// bulk load into `sales` or a change of TIME_ZONE.
await runCommand(async ({ config, database }) => {
  const started = Date.now();
  const purchases = createPurchaseService({
    purchases: createPurchaseRepository(database, config.timeZone),
    timeZone: config.timeZone,
  });
  await purchases.rebuildRollups();
  return `sales rollups rebuilt for TIME_ZONE ${config.timeZone} in ${Date.now() - started} ms`;
});
