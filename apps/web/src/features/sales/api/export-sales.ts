import type { SalesPeriod } from '@seller/contract/limits';
import { exportSalesEndpoint } from '@seller/contract/sales/export-sales';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/browser-download';
import type { MutationConfig } from '@/lib/react-query';

export interface SalesCsv {
  fileName: string;
  blob: Blob;
}

/** The period's sales as CSV, named by the server (`sales-<period>-<date>.csv`). */
export async function fetchSalesCsv(period: SalesPeriod): Promise<SalesCsv> {
  const { blob, fileName } = await apiDownload(exportSalesEndpoint, { query: { period } });
  return { blob, fileName: fileName ?? `sales-${period}.csv` };
}

async function exportAndSave(period: SalesPeriod): Promise<SalesCsv> {
  const csv = await fetchSalesCsv(period);
  saveBlob(csv.blob, csv.fileName);
  return csv;
}

/** Downloads the CSV of the period (`sales-<period>-<date>.csv`, named by the server). */
export function useExportSales(config: MutationConfig<SalesCsv, SalesPeriod> = {}) {
  return useMutation({ ...config, mutationFn: exportAndSave });
}
