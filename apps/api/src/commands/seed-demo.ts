import { runCommand } from './command-context.ts';
import { seedDemoShop } from './demo-shop.ts';

// npm run seed:demo [-- --purchases 5000 --days 90]
//
// A demo seller whose shop fills every screen: a catalogue, months of sales from several
// countries and sites, buyers with their consents, discount codes, refunds and chargebacks,
// downloads of several file versions, samples, a stamped product and monthly payouts
// (demo-shop.ts). Each run adds a seller of its own; earlier ones stay as they are.

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number`);
  return value;
}

await runCommand(async ({ config, database }) => {
  const started = Date.now();
  const purchases = argument('purchases', 5000);
  const days = Math.max(1, argument('days', 90));
  const shop = await seedDemoShop({ config, database }, { purchases, days });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return [
    `demo seller ready in ${seconds} s: ${shop.products} products, ${shop.purchases} purchases over ${days} days,`,
    `  ${shop.refunds} refunds, ${shop.chargebacks} chargebacks, ${shop.deliveries} downloads, ${shop.payouts} payouts`,
    `  email:    ${shop.email}`,
    `  password: ${shop.password}`,
  ].join('\n');
});
