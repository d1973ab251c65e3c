import {
  type LoginTwoFactorBody,
  loginTwoFactorEndpoint,
} from '@seller/contract/auth/complete-two-factor-login';
import type { TokenResponse } from '@seller/contract/auth/token-response';
import { apiRequest } from '@/lib/api-client';

/**
 * The code step of signing in: the challenge the password step answered, with a code from the
 * authenticator app or one recovery code. The caller starts the session with the token.
 */
export function completeTwoFactorLogin(body: LoginTwoFactorBody): Promise<TokenResponse> {
  return apiRequest(loginTwoFactorEndpoint, { body });
}
