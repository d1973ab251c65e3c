import { randomBytes } from 'node:crypto';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import type { FastifyInstance } from 'fastify';

export interface TestSeller {
  email: string;
  nickname: string;
  password: string;
  token: string;
}

/** Signs a new seller up through the API and returns its credentials and token. */
export async function signUpSeller(
  app: FastifyInstance,
  overrides: Partial<Omit<TestSeller, 'token'>> = {},
): Promise<TestSeller> {
  const suffix = randomBytes(4).toString('hex');
  const seller = {
    email: `seller${suffix}@example.com`,
    nickname: `seller${suffix}`,
    password: `Tr0ub4dor-${suffix}`,
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: seller });
  if (response.statusCode !== 201) {
    throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  }
  return { ...seller, token: response.json<TokenResponse>().token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
