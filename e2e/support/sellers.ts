import { fillShopDetails as fillDetails, sellerClient } from './api';

/** A well-formed token whose exp lies in the past (the browser never checks signatures). */
export function expiredToken(): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'someone', ver: 0, exp })}.c2ln`;
}

/** A bio and payout details in every method (support/api.ts), for the seller of `token`. */
export function fillShopDetails(baseUrl: string, token: string, nickname: string): Promise<void> {
  return fillDetails(sellerClient(baseUrl, token), nickname);
}
