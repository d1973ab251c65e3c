import { type LoginBody, loginEndpoint } from '@seller/contract/auth/login';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { apiRequest } from '@/lib/api-client';

/**
 * Signs a seller in. The login form loads this module when it is first used: the HTTP client
 * and the contract's schemas (zod) stay off the login page's first load (issue 6).
 */
export function loginSeller(body: LoginBody): Promise<TokenResponse> {
  return apiRequest(loginEndpoint, { body });
}
