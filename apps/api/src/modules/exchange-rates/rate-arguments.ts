import { parseArgs } from 'node:util';
import {
  type SetExchangeRateBody,
  setExchangeRateBodySchema,
} from '@seller/contract/internal/set-exchange-rate';

const usage =
  'usage: npm run rates:set -- --krw <won per USD> --cny <yuan per USD> [--date yyyy-MM-dd]';

/** The arguments of `npm run rates:set`, checked like the internal API's body. */
export function parseRateArguments(args: string[]): SetExchangeRateBody {
  let values: { krw?: string; cny?: string; date?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { krw: { type: 'string' }, cny: { type: 'string' }, date: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
  const toNumber = (value: string | undefined) =>
    value === undefined || value.trim() === '' ? undefined : Number(value);
  const parsed = setExchangeRateBodySchema.safeParse({
    krw: toNumber(values.krw),
    cny: toNumber(values.cny),
    ...(values.date === undefined ? {} : { date: values.date }),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`${problems.join('\n')}\n${usage}`);
  }
  return parsed.data;
}
