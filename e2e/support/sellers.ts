import { randomBytes } from 'node:crypto';
import { sellerApi } from './products';

export interface SellerCredentials {
  email: string;
  nickname: string;
  password: string;
}

/** Unique credentials for one test (the server keeps every seller for the whole run). */
export function newCredentials(): SellerCredentials {
  const suffix = randomBytes(5).toString('hex');
  return {
    email: `seller-${suffix}@example.com`,
    nickname: `seller${suffix}`,
    password: `Sunny-Mango-${suffix}-7`,
  };
}

async function post(baseUrl: string, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
}

/** Signs a new seller up through the API and returns the credentials and token. */
export async function createSeller(
  baseUrl: string,
): Promise<SellerCredentials & { token: string }> {
  const credentials = newCredentials();
  const response = await post(baseUrl, '/api/auth/signup', credentials);
  if (response.status !== 201) {
    throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return { ...credentials, token };
}

/** Revokes every token of the seller (what logging out elsewhere does). */
export async function logoutEverywhere(baseUrl: string, token: string): Promise<void> {
  const response = await post(baseUrl, '/api/auth/logout', undefined, token);
  if (response.status !== 204) throw new Error(`logout failed: ${response.status}`);
}

/** A well-formed token whose exp lies in the past (the browser never checks signatures). */
export function expiredToken(): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'someone', ver: 0, exp })}.c2ln`;
}

/**
 * What a seller in business has filled in: a bio in two languages and payout details in every
 * method, with the long names and numbers real ones have.
 */
export async function fillShopDetails(
  baseUrl: string,
  token: string,
  nickname: string,
): Promise<void> {
  const profile = await sellerApi(baseUrl, token, 'PUT', '/api/auth/profile', {
    nickname,
    bio: '서울과 상하이의 크리에이터를 위한 브러시, 템플릿, 요리 강좌. Brushes, templates and cooking classes.',
  });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status}`);
  const settlement = await sellerApi(baseUrl, token, 'PUT', '/api/auth/settlement-info', {
    alipay: { phone: '+86 138 1234 5678', realName: '王伟' },
    bank: {
      name: 'Kookmin Bank',
      account: '123-456-7890-12345',
      accountHolder: '김민수',
      swiftCode: 'CZNAKRSE',
      branch: 'Gangnam Financial Center',
    },
    paypal: { email: 'payouts.for.creators@example-company.com', accountHolder: 'Minsu Kim' },
  });
  if (settlement.status !== 200) throw new Error(`settlement: ${settlement.status}`);
}
