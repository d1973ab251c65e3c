import type { ParamsOf } from '@seller/contract/endpoint';
import { getDownloadUrlEndpoint } from '@seller/contract/products/get-download-url';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

type DownloadParams = ParamsOf<typeof getDownloadUrlEndpoint>;

/** Which file of which product: the endpoint's path parameters. */
export interface DownloadInput {
  productId: DownloadParams['id'];
  fileId: DownloadParams['fileId'];
}

/** A short-lived URL; it is asked for at the click, never cached. */
export async function fetchDownloadUrl({ productId, fileId }: DownloadInput): Promise<string> {
  const response = await apiRequest(getDownloadUrlEndpoint, { params: { id: productId, fileId } });
  return response.downloadUrl;
}

export function useDownloadFile(config: MutationConfig<string, DownloadInput> = {}) {
  return useMutation({ ...config, mutationFn: fetchDownloadUrl });
}
