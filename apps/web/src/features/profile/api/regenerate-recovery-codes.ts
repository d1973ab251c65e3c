import { regenerateRecoveryCodesEndpoint } from '@seller/contract/auth/regenerate-recovery-codes';
import type { BodyOf, ResponseOf } from '@seller/contract/endpoint';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

type RegenerateBody = BodyOf<typeof regenerateRecoveryCodesEndpoint>;
type RecoveryCodes = ResponseOf<typeof regenerateRecoveryCodesEndpoint>;

/** Ten new recovery codes, shown once; the old ones stop working. */
export function regenerateRecoveryCodes(body: RegenerateBody): Promise<RecoveryCodes> {
  return apiRequest(regenerateRecoveryCodesEndpoint, { body });
}

export function useRegenerateRecoveryCodes(
  config: MutationConfig<RecoveryCodes, RegenerateBody> = {},
) {
  return useMutation({ ...config, mutationFn: regenerateRecoveryCodes });
}
