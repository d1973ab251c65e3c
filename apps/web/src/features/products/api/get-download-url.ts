import { getDownloadUrlEndpoint } from '@seller/contract/products/get-download-url';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

export interface DownloadInput {
  productId: string;
  fileId: string;
}

/** A short-lived URL; it is asked for at the click, never cached. */
export async function fetchDownloadUrl({ productId, fileId }: DownloadInput): Promise<string> {
  const response = await apiRequest(getDownloadUrlEndpoint, { params: { id: productId, fileId } });
  return response.downloadUrl;
}

/** Opens the URL as a download; the server's Content-Disposition carries the original name. */
export function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function useDownloadFile(config: MutationConfig<string, DownloadInput> = {}) {
  return useMutation({ ...config, mutationFn: fetchDownloadUrl });
}
