import { describe, expect, it } from 'vitest';
import { saleAfterRefunds } from './sale-after-refunds';

const sale = {
  purchase_price: 16_600,
  commission_amount: 1_660,
  net_amount: 14_940,
  refunded_amount: 0,
};

describe('a sale after its refunds', () => {
  it('is the sale itself without refunds', () => {
    expect(saleAfterRefunds(sale, [])).toEqual({
      left: 16_600,
      commissionKept: 1_660,
      netLeft: 14_940,
    });
  });

  it('takes off each refund’s amount, commission returned and net', () => {
    expect(
      saleAfterRefunds({ ...sale, refunded_amount: 6_000 }, [
        { commissionReturned: 100, netAmount: 900 },
        { commissionReturned: 500, netAmount: 4_500 },
      ]),
    ).toEqual({ left: 10_600, commissionKept: 1_060, netLeft: 9_540 });
  });

  it('leaves nothing of a sale charged back in full', () => {
    expect(
      saleAfterRefunds({ ...sale, refunded_amount: 16_600 }, [
        { commissionReturned: 1_660, netAmount: 14_940 },
      ]),
    ).toEqual({ left: 0, commissionKept: 0, netLeft: 0 });
  });
});
