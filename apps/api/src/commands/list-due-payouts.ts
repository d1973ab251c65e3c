import { buildApp } from '../app.ts';
import { parseDuePayoutArguments } from '../modules/payouts/payout-arguments.ts';
import { runCommand } from './command-context.ts';

// npm run payouts:due [-- --min 10000]
// Lists the sellers whose balance is at least the amount, largest first, with how each can be
// paid: what the operator pays by hand before recording each payout with payouts:record.
await runCommand(async ({ config, database }) => {
  const { minAmount } = parseDuePayoutArguments(process.argv.slice(2));
  const app = await buildApp({
    config: { ...config, logLevel: 'silent', jobWorker: false },
    database,
  });
  await app.ready();
  try {
    const sellers = await app.payouts.due(minAmount);
    if (sellers.length === 0) return `no seller has a balance of ${minAmount} KRW or more`;
    const lines = sellers.map((seller) => {
      const { alipay, bank, paypal } = seller.settlement;
      const methods = [
        bank.account
          ? `bank ${bank.name} ${bank.branch} ${bank.account} (${bank.accountHolder})`
          : '',
        alipay.phone ? `alipay ${alipay.phone} (${alipay.realName})` : '',
        paypal.email ? `paypal ${paypal.email} (${paypal.accountHolder})` : '',
      ].filter(Boolean);
      return [
        `${seller.sellerId}  ${seller.nickname}  ${seller.email}  ${seller.balance} KRW`,
        `  ${methods.length > 0 ? methods.join('\n  ') : 'no payout details'}`,
      ].join('\n');
    });
    return `${sellers.length} seller(s) with ${minAmount} KRW or more:\n${lines.join('\n')}`;
  } finally {
    await app.close();
  }
});
