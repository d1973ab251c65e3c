import { describe, expect, it } from 'vitest';
import { parseDuePayoutArguments, parseRecordPayoutArguments } from './payout-arguments.ts';

const seller = '7f1c2a9e-4b1d-4c8e-9a53-0d2f6b1e8c44';
const today = new Date('2026-11-26T10:00:00Z');

describe('npm run payouts:record arguments', () => {
  it('reads the payout as the internal call takes it', () => {
    expect(
      parseRecordPayoutArguments(
        [
          '--seller',
          seller,
          '--amount',
          '120,000',
          '--method',
          'bank',
          '--reference',
          'KB-1',
          '--payout-id',
          'p-1',
        ],
        today,
      ),
    ).toEqual({
      payoutId: 'p-1',
      sellerId: seller,
      amount: 120_000,
      method: 'bank',
      reference: 'KB-1',
    });
  });

  it('names a payout without an id by seller, amount and day, so a rerun is a replay', () => {
    const args = ['--seller', seller, '--amount', '5000', '--method', 'paypal'];
    expect(parseRecordPayoutArguments(args, today).payoutId).toBe(
      `manual-${seller}-5000-2026-11-26`,
    );
  });

  it.each([
    ['no seller', ['--amount', '5000', '--method', 'bank']],
    [
      'an amount that is not a number',
      ['--seller', seller, '--amount', 'lots', '--method', 'bank'],
    ],
    ['an unknown method', ['--seller', seller, '--amount', '1', '--method', 'cash']],
    ['an unknown option', ['--seller', seller, '--amount', '1', '--method', 'bank', '--x', '1']],
  ])('refuses %s with the usage', (_name, args) => {
    expect(() => parseRecordPayoutArguments(args, today)).toThrow(/usage: npm run payouts:record/);
  });
});

describe('npm run payouts:due arguments', () => {
  it('lists from 1 won unless told otherwise', () => {
    expect(parseDuePayoutArguments([])).toEqual({ minAmount: 1 });
    expect(parseDuePayoutArguments(['--min', '10000'])).toEqual({ minAmount: 10_000 });
  });

  it('refuses a least amount below 1', () => {
    expect(() => parseDuePayoutArguments(['--min', '0'])).toThrow(/usage: npm run payouts:due/);
  });
});
