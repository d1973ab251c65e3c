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

/**
 * The columns a save writes: those of every method the body names (`null` clears a method, so
 * its columns become empty); a method left out keeps its columns as saved.
 */
function toValues(info: SettlementInfoInput): Partial<SettlementValues> {
  const values: Partial<SettlementValues> = {};
  if (info.alipay !== undefined) {
    const alipay = info.alipay ?? emptySettlementInfo.alipay;
    values.alipayPhone = alipay.phone;
    values.alipayRealName = alipay.realName;
  }
  if (info.bank !== undefined) {
    const bank = info.bank ?? emptySettlementInfo.bank;
    values.bankName = bank.name;
    values.bankAccount = bank.account;
    values.bankAccountHolder = bank.accountHolder;
    values.bankSwiftCode = bank.swiftCode;
    values.bankBranch = bank.branch;
  }
  if (info.paypal !== undefined) {
    const paypal = info.paypal ?? emptySettlementInfo.paypal;
    values.paypalEmail = paypal.email;
    values.paypalAccountHolder = paypal.accountHolder;
  }
  return values;
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
