import {
  emptySettlementInfo,
  type SettlementInfo,
} from '@seller/contract/settlement/get-settlement-info';
import type { SettlementInfoInput } from '@seller/contract/settlement/update-settlement-info';
import type { DataAccess, Database } from '../../db/client.ts';
import type { SettlementInfoRow } from '../../db/schema.ts';
import type { ActivityService, RequestClient } from '../auth/activity.service.ts';
import type { SettlementRepository, SettlementValues } from './settlement.repository.ts';

type Method = keyof SettlementInfo;

/** The column each field of each payout method is stored in. */
const columnOf = {
  alipay: { phone: 'alipayPhone', realName: 'alipayRealName' },
  bank: {
    name: 'bankName',
    account: 'bankAccount',
    accountHolder: 'bankAccountHolder',
    swiftCode: 'bankSwiftCode',
    branch: 'bankBranch',
  },
  paypal: { email: 'paypalEmail', accountHolder: 'paypalAccountHolder' },
} as const satisfies { [M in Method]: Record<keyof SettlementInfo[M], keyof SettlementValues> };

const methods = Object.keys(columnOf) as Method[];

function readMethod<M extends Method>(row: SettlementInfoRow, method: M): SettlementInfo[M] {
  const fields = Object.entries(columnOf[method]).map(([field, column]) => [field, row[column]]);
  return Object.fromEntries(fields) as SettlementInfo[M];
}

function toSettlementInfo(row: SettlementInfoRow): SettlementInfo {
  return {
    alipay: readMethod(row, 'alipay'),
    bank: readMethod(row, 'bank'),
    paypal: readMethod(row, 'paypal'),
  };
}

/**
 * The columns a save writes: those of every method the body names (`null` clears a method, so
 * its columns become empty); a method left out keeps its columns as saved.
 */
function toValues(info: SettlementInfoInput): Partial<SettlementValues> {
  const values: Partial<SettlementValues> = {};
  for (const method of methods) {
    const given: Record<string, string> | null | undefined = info[method];
    if (given === undefined) continue;
    const fields: Record<string, string> = given ?? emptySettlementInfo[method];
    for (const [field, column] of Object.entries(columnOf[method])) {
      values[column] = fields[field] ?? '';
    }
  }
  return values;
}

/** Payout details; the contract's schema has already checked formats and completeness. */
export function createSettlementService(deps: {
  /** Runs work in one transaction (the database handle's). */
  transaction: DataAccess['transaction'];
  settlement: SettlementRepository;
  /** A change of payout details is listed in the account's security activity. */
  activity: Pick<ActivityService, 'record'>;
}) {
  const { transaction, settlement, activity } = deps;
  return {
    async get(sellerId: string): Promise<SettlementInfo> {
      const row = await settlement.find(sellerId);
      return row ? toSettlementInfo(row) : structuredClone(emptySettlementInfo);
    },

    async update(
      sellerId: string,
      info: SettlementInfoInput,
      client?: RequestClient,
    ): Promise<SettlementInfo> {
      const row = await transaction(async (tx) => {
        const saved = await settlement.save(sellerId, toValues(info), tx);
        await activity.record(tx, sellerId, 'settlement_changed', client);
        return saved;
      });
      return toSettlementInfo(row);
    },

    /**
     * Erases the payout details of an account being deleted, in `executor`'s transaction: they
     * are personal data (docs/product-rules.md, "Account data"); the payouts made stay.
     */
    async removeAll(executor: Database, sellerId: string): Promise<void> {
      await settlement.remove(executor, sellerId);
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
