import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import type { UpdateSettlementInfoBody } from '@seller/contract/settlement/update-settlement-info';

/**
 * A method as a save sends it: left out when the seller did not change it (the server keeps
 * what it has, which may have been changed elsewhere meanwhile), `null` when every field was
 * emptied (the server clears it), the fields otherwise.
 */
function methodChange<T extends Record<string, string>>(saved: T, value: T): T | null | undefined {
  if (Object.keys(value).every((key) => value[key] === saved[key])) return undefined;
  return Object.values(value).every((field) => field.trim() === '') ? null : value;
}

/** The body of a save of the settlement form: only what the seller changed since `saved`. */
export function settlementChanges(
  saved: SettlementInfo,
  values: SettlementInfo,
): UpdateSettlementInfoBody {
  const body: UpdateSettlementInfoBody = {};
  const alipay = methodChange(saved.alipay, values.alipay);
  if (alipay !== undefined) body.alipay = alipay;
  const bank = methodChange(saved.bank, values.bank);
  if (bank !== undefined) body.bank = bank;
  const paypal = methodChange(saved.paypal, values.paypal);
  if (paypal !== undefined) body.paypal = paypal;
  return body;
}

type Method = keyof SettlementInfo;

/** A method is set up when any of its fields is stored (the server keeps only complete ones). */
export function isMethodSetUp(method: SettlementInfo[Method]): boolean {
  return Object.values(method).some((field) => field.trim() !== '');
}

/** Every field of every method is empty: there would be nowhere to pay the seller. */
export function nothingFilled(values: SettlementInfo): boolean {
  return (
    !isMethodSetUp(values.alipay) && !isMethodSetUp(values.bank) && !isMethodSetUp(values.paypal)
  );
}
