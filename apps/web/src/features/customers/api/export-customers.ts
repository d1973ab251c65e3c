import {
  type ExportCustomersQuery,
  exportCustomersEndpoint,
} from '@seller/contract/customers/export-customers';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/browser-download';
import type { MutationConfig } from '@/lib/react-query';

export interface CustomersCsv {
  fileName: string;
  blob: Blob;
}

/** Every buyer the filters match (not one page) as CSV, named by the server. */
export async function fetchCustomersCsv(query: ExportCustomersQuery): Promise<CustomersCsv> {
  const { blob, fileName } = await apiDownload(exportCustomersEndpoint, { query });
  return { blob, fileName: fileName ?? 'customers.csv' };
}

async function exportAndSave(query: ExportCustomersQuery): Promise<CustomersCsv> {
  const csv = await fetchCustomersCsv(query);
  saveBlob(csv.blob, csv.fileName);
  return csv;
}

/** Downloads the filtered buyers as CSV. */
export function useExportCustomers(
  config: MutationConfig<CustomersCsv, ExportCustomersQuery> = {},
) {
  return useMutation({ ...config, mutationFn: exportAndSave });
}
