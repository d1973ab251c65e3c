import {
  emptySettlementInfo,
  type SettlementInfo,
} from '@seller/contract/settlement/get-settlement-info';
import type { SettlementInfoInput } from '@seller/contract/settlement/update-settlement-info';
import type { SettlementInfoRow } from '../../db/schema.ts';
import type { SettlementRepository, SettlementValues } from './settlement.repository.ts';

function toSettlementInfo(row: SettlementInfoRow): SettlementInfo {
  return {
    alipay: { phone: row.alipayPhone, realName: row.alipayRealName },
    bank: {
      name: row.bankName,
      account: row.bankAccount,
      accountHolder: row.bankAccountHolder,
      swiftCode: row.bankSwiftCode,
      branch: row.bankBranch,
    },
    paypal: { email: row.paypalEmail, accountHolder: row.paypalAccountHolder },
  };
}

function toValues(info: SettlementInfoInput): SettlementValues {
  return {
    alipayPhone: info.alipay.phone,
    alipayRealName: info.alipay.realName,
    bankName: info.bank.name,
    bankAccount: info.bank.account,
    bankAccountHolder: info.bank.accountHolder,
    bankSwiftCode: info.bank.swiftCode,
    bankBranch: info.bank.branch,
    paypalEmail: info.paypal.email,
    paypalAccountHolder: info.paypal.accountHolder,
  };
}

/** Payout details; the contract's schema has already checked formats and completeness. */
export function createSettlementService(deps: { settlement: SettlementRepository }) {
  const { settlement } = deps;
  return {
    async get(sellerId: string): Promise<SettlementInfo> {
      const row = await settlement.find(sellerId);
      return row ? toSettlementInfo(row) : structuredClone(emptySettlementInfo);
    },

    async update(sellerId: string, info: SettlementInfoInput): Promise<SettlementInfo> {
      return toSettlementInfo(await settlement.save(sellerId, toValues(info)));
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
