import { roundedProduct } from '@seller/contract/decimal-rounding';
import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { currentLanguage } from './i18n';

/** A won amount in yuan at a rate given per US dollar, to one decimal, halves up. */
export function wonToYuan(won: number, rate: Pick<ExchangeRate, 'krw' | 'cny'>): number {
  return roundedProduct(won, rate.cny, 1, rate.krw);
}

/**
 * Chinese sellers are paid from won sales: beside each won total they see its value in yuan.
 * Screens fetch the rate only for them.
 */
export function showsYuan(language: string | undefined): boolean {
  return currentLanguage(language) === 'zh';
}
