import { describe, expect, it } from 'vitest';
import { paymentMethodCode, paymentMethodKey } from './payment-methods';

describe('payment method names', () => {
  it('reads the codes the member site sends, whatever their case, spaces or separators', () => {
    expect(paymentMethodCode('kakaopay')).toBe('kakaopay');
    expect(paymentMethodCode('Kakao_Pay')).toBe('kakaopay');
    expect(paymentMethodCode('WECHAT-PAY')).toBe('wechatpay');
    expect(paymentMethodCode('weixin')).toBe('wechatpay');
    expect(paymentMethodCode('Credit Card')).toBe('card');
    expect(paymentMethodCode('naver')).toBe('naverpay');
  });

  it('names a known method by its locale key, and leaves an unknown one as it was sent', () => {
    expect(paymentMethodKey('alipay')).toBe('sales.paymentMethods.alipay');
    expect(paymentMethodKey('bank-transfer')).toBeNull();
    expect(paymentMethodKey('')).toBeNull();
  });
});
