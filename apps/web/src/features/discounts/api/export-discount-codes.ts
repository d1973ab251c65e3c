import { exportDiscountCodesEndpoint } from '@seller/contract/discounts/export-discount-codes';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/browser-download';
import type { MutationConfig } from '@/lib/react-query';

/** The discount's single-use codes as CSV, saved under the server's file name. */
export async function exportDiscountCodes(id: string): Promise<void> {
  const { blob, fileName } = await apiDownload(exportDiscountCodesEndpoint, { params: { id } });
  saveBlob(blob, fileName ?? 'discount-codes.csv');
}

export function useExportDiscountCodes(config: MutationConfig<void, string> = {}) {
  return useMutation({ ...config, mutationFn: exportDiscountCodes });
}
