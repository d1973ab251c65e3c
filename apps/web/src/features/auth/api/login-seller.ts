import { type LoginBody, type LoginResponse, loginEndpoint } from '@seller/contract/auth/login';
import { apiRequest } from '@/lib/api-client';

/**
 * The password step of signing in: a token to start the session with, or, for a seller with
 * two-factor sign-in on, the challenge of the code step.
 */
export function loginSeller(body: LoginBody): Promise<LoginResponse> {
  return apiRequest(loginEndpoint, { body });
}
