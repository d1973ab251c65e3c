import {
  emptySettlementInfo,
  type SettlementInfo,
} from '@seller/contract/settlement/get-settlement-info';
import { describe, expect, it } from 'vitest';
import { settlementChanges } from './settlement-changes';

const saved: SettlementInfo = {
  alipay: { phone: '+86 13812345678', realName: '王伟' },
  bank: {
    name: 'Kookmin Bank',
    account: '123-456-7890',
    accountHolder: '김민수',
    swiftCode: '',
    branch: 'Gangnam',
  },
  paypal: { email: '', accountHolder: '' },
};

describe('settlementChanges', () => {
  it('sends nothing for an unchanged form, so every method stays as saved', () => {
    expect(settlementChanges(saved, structuredClone(saved))).toEqual({});
  });

  it('sends only the method that changed', () => {
    const values = structuredClone(saved);
    values.bank.swiftCode = 'CZNBKRSE';
    expect(settlementChanges(saved, values)).toEqual({
      bank: { ...saved.bank, swiftCode: 'CZNBKRSE' },
    });
  });

  it('sends a method whose every field was emptied as null, which clears it', () => {
    const values = structuredClone(saved);
    values.alipay = { phone: ' ', realName: '' };
    expect(settlementChanges(saved, values)).toEqual({ alipay: null });
  });

  it('sends a method filled for the first time as its fields', () => {
    const values = structuredClone(emptySettlementInfo);
    values.paypal = { email: 'payouts@example.com', accountHolder: 'Minsu Kim' };
    expect(settlementChanges(emptySettlementInfo, values)).toEqual({
      paypal: { email: 'payouts@example.com', accountHolder: 'Minsu Kim' },
    });
  });

  it('sends a partly filled method as it is, for the server to point at what is missing', () => {
    const values = structuredClone(emptySettlementInfo);
    values.bank.name = 'Kookmin Bank';
    expect(settlementChanges(emptySettlementInfo, values)).toEqual({
      bank: { ...emptySettlementInfo.bank, name: 'Kookmin Bank' },
    });
  });
});
