import { type LoginBody, loginEndpoint } from '@seller/contract/auth/login';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { apiRequest } from '@/lib/api-client';

/** Signs a seller in; the caller starts the session with the token. */
export function loginSeller(body: LoginBody): Promise<TokenResponse> {
  return apiRequest(loginEndpoint, { body });
}
