import { buildApp } from '../app.ts';
import { parseRecordPayoutArguments } from '../modules/payouts/payout-arguments.ts';
import { runCommand } from './command-context.ts';

// npm run payouts:record -- --seller <id> --amount <won> --method bank [--reference …] [--payout-id …]
// Records a payout made outside, through the same service as POST /api/internal/payouts: the
// seller's webhook event and mail are queued, and the running server sends them.
await runCommand(async ({ config, database }) => {
  const input = parseRecordPayoutArguments(process.argv.slice(2));
  const app = await buildApp({
    config: { ...config, logLevel: 'silent', jobWorker: false },
    database,
  });
  await app.ready();
  try {
    const { created, payout, balance } = await app.payouts.record(input);
    const what = `${payout.amount} KRW by ${payout.method} to seller ${input.sellerId}`;
    return created
      ? `payout ${payout.payoutId} recorded: ${what}; balance now ${balance} KRW`
      : `payout ${payout.payoutId} was already recorded (${what}); nothing changed; balance ${balance} KRW`;
  } finally {
    await app.close();
  }
});
