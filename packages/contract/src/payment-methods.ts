/**
 * The payment methods the member site reports by a known code with each purchase
 * (`paymentMethod`, free text of up to 50 characters: another value is kept and shown as sent).
 * The web app names each in the seller's language.
 */
export const paymentMethodCodes = [
  'card',
  'kakaopay',
  'naverpay',
  'alipay',
  'wechatpay',
  'paypal',
] as const;
export type PaymentMethodCode = (typeof paymentMethodCodes)[number];
