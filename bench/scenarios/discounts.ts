/**
 * The last uses of a discount code, fought over: 64 connections redeem one code of 1,000 uses
 * for new orders as fast as the server answers, until it is used up, on PostgreSQL. Every
 * redeem takes its turn on the discount's row, so exactly 1,000 holds are granted and every
 * other answer is 409 `discount_used_up`; the holds are then counted in the database.
 *
 *   npx tsx bench/scenarios/discounts.ts [--quick] [--details]
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  flag,
  isMain,
  type Metric,
  percentile,
  round,
  type ScenarioOptions,
  type ScenarioResult,
} from '../lib/common.ts';
import { runAlone } from '../lib/harness.ts';
import { scratchDatabase, seedSeller, startSeededServer, withClient } from '../lib/seed.ts';

const connections = 64;
const internalSecret = `bench-internal-secret-${'x'.repeat(24)}`;

const signature = (body: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', internalSecret).update(`${t}.${body}`).digest('hex')}`;
};

export async function discountsScenario({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const maxUses = quick ? 200 : 1000;
  const scratch = await scratchDatabase('discounts');
  try {
    const seller = await seedSeller(scratch, 1);
    const server = await startSeededServer(scratch, { INTERNAL_API_SECRET: internalSecret });
    try {
      const code = `RUSH-${randomBytes(4).toString('hex')}`.toUpperCase();
      const created = await fetch(`${server.base}/api/discounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
        body: JSON.stringify({ code, kind: 'percent', percent: 10, maxUses }),
      });
      if (created.status !== 201) throw new Error(`discount: ${created.status}`);
      const productId = seller.productIds[0] ?? '';
      const statuses = new Map<string, number>();
      const latencies: number[] = [];
      let granted = 0;
      let usedUp = false;
      let order = 0;
      const prefix = `bench-${randomBytes(3).toString('hex')}`;

      // Each connection redeems for a new order until a refusal says the code is used up.
      const worker = async () => {
        while (!usedUp) {
          const body = JSON.stringify({
            orderId: `${prefix}-${order++}`,
            productId,
            code,
            amount: 10_000,
          });
          const started = performance.now();
          const response = await fetch(`${server.base}/api/internal/discounts/redeem`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-signature': signature(body) },
            body,
          });
          latencies.push(performance.now() - started);
          const answer = (await response.json()) as { code?: string };
          const key = response.status === 201 ? '201' : `${response.status} ${answer.code}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (response.status === 201) granted++;
          else if (answer.code === 'discount_used_up') usedUp = true;
          else throw new Error(`redeem: ${response.status} ${JSON.stringify(answer)}`);
        }
      };
      const began = performance.now();
      await Promise.all(Array.from({ length: connections }, worker));
      const seconds = (performance.now() - began) / 1000;

      const held = await withClient(scratch.databaseUrl, async (client) => {
        const { rows } = await client.query<{ count: string }>(
          `select count(*) from discount_redemptions r join discount_codes c on c.id = r.code_id
           where c.code = $1 and r.used_at is null and r.expires_at > now()`,
          [code],
        );
        return Number(rows[0]?.count ?? 0);
      });
      latencies.sort((a, b) => a - b);
      const exact = (value: number): Pick<Metric, 'target' | 'pass'> =>
        quick ? { target: `= ${maxUses}` } : { target: `= ${maxUses}`, pass: value === maxUses };
      const metrics: Metric[] = [
        {
          name: `holds granted of a ${maxUses}-use code, 64 connections`,
          value: granted,
          unit: '',
          ...exact(granted),
        },
        { name: 'holds in the database afterwards', value: held, unit: '', ...exact(held) },
        { name: 'redeems answered per second', value: round(order / seconds, 0), unit: '/s' },
        { name: 'redeem p95', value: round(percentile(latencies, 95), 1), unit: 'ms' },
      ];
      return {
        scenario: 'discount codes: concurrent redeems',
        metrics,
        details: { maxUses, connections, requests: order, statuses: Object.fromEntries(statuses) },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.remove();
  }
}

if (isMain(import.meta.filename)) {
  await runAlone('discounts', discountsScenario, { quick: flag('quick') }, flag('details'));
}
