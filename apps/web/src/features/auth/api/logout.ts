import { logoutEndpoint } from '@seller/contract/auth/logout';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-token';

/**
 * Signs out on the server (every token issued so far stops working). A failure is ignored:
 * the browser forgets the session either way.
 */
export async function logoutSeller(): Promise<void> {
  try {
    await apiRequest(logoutEndpoint);
  } catch {
    // The token may already be revoked or the server unreachable; signing out goes on.
  } finally {
    clearSession();
  }
}

/**
 * Cached data of the seller is dropped when a public page (login, signup) mounts, not here:
 * clearing it while the signed-in pages are still on screen would make them fetch again.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut?: () => unknown } = {}) {
  return useMutation({ mutationFn: logoutSeller, onSettled: () => onLoggedOut?.() });
}
