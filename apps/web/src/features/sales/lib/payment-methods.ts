import { type PaymentMethodCode, paymentMethodCodes } from '@seller/contract/payment-methods';

/*
 * The payment methods the member site reports with each purchase, as the seller reads them:
 * `kakaopay` → 카카오페이, `wechatpay` → 微信支付. A code is matched without regard to case,
 * spaces, hyphens or underscores (`Kakao_Pay` is `kakaopay`); a code not listed is shown as sent.
 */

/** Other spellings the member site may send for the same method. */
const aliases: Readonly<Record<string, PaymentMethodCode>> = {
  creditcard: 'card',
  weixinpay: 'wechatpay',
  wechat: 'wechatpay',
  weixin: 'wechatpay',
  kakao: 'kakaopay',
  naver: 'naverpay',
};

export function paymentMethodCode(sent: string): PaymentMethodCode | undefined {
  const key = sent.toLowerCase().replace(/[\s_-]+/g, '');
  return paymentMethodCodes.find((code) => code === key) ?? aliases[key];
}

/** The locale key of a payment method's name, or none for a code this build does not know. */
export function paymentMethodKey(sent: string): `sales.paymentMethods.${PaymentMethodCode}` | null {
  const code = paymentMethodCode(sent);
  return code ? `sales.paymentMethods.${code}` : null;
}
