import { parseArgs } from 'node:util';
import {
  type ListDuePayoutsBody,
  listDuePayoutsBodySchema,
} from '@seller/contract/internal/list-due-payouts';
import {
  type RecordPayoutBody,
  recordPayoutBodySchema,
} from '@seller/contract/internal/record-payout';
import type { z } from 'zod';

const recordUsage =
  'usage: npm run payouts:record -- --seller <seller id> --amount <won> --method <alipay|bank|paypal> [--reference <text>] [--payout-id <id>] [--paid-at <ISO time>]';
const dueUsage = 'usage: npm run payouts:due [-- --min <won>]';

function parse<S extends z.ZodType>(schema: S, input: unknown, usage: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`${problems.join('\n')}\n${usage}`);
  }
  return parsed.data;
}

function options<T extends Record<string, { type: 'string' }>>(
  args: string[],
  spec: T,
  usage: string,
) {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: false }).values as {
      [K in keyof T]?: string;
    };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
}

const toNumber = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : Number(value.replaceAll(',', ''));

/**
 * The arguments of `npm run payouts:record`, checked like the internal API's body. Without
 * `--payout-id`, the id is made of the seller, the amount and today's date (UTC): the same
 * command run again by mistake is a replay, never a second payout.
 */
export function parseRecordPayoutArguments(
  args: string[],
  today: Date = new Date(),
): RecordPayoutBody {
  const values = options(
    args,
    {
      seller: { type: 'string' },
      amount: { type: 'string' },
      method: { type: 'string' },
      reference: { type: 'string' },
      'payout-id': { type: 'string' },
      'paid-at': { type: 'string' },
    },
    recordUsage,
  );
  const amount = toNumber(values.amount);
  const payoutId =
    values['payout-id'] ??
    `manual-${values.seller ?? ''}-${amount ?? ''}-${today.toISOString().slice(0, 10)}`;
  return parse(
    recordPayoutBodySchema,
    {
      payoutId,
      sellerId: values.seller,
      amount,
      method: values.method,
      ...(values.reference === undefined ? {} : { reference: values.reference }),
      ...(values['paid-at'] === undefined ? {} : { paidAt: values['paid-at'] }),
    },
    recordUsage,
  );
}

/** The arguments of `npm run payouts:due`: the least balance to list (1 won by default). */
export function parseDuePayoutArguments(args: string[]): Required<ListDuePayoutsBody> {
  const values = options(args, { min: { type: 'string' } }, dueUsage);
  const body = parse(listDuePayoutsBodySchema, { minAmount: toNumber(values.min) }, dueUsage);
  return { minAmount: body.minAmount ?? 1 };
}
