import { exportPayoutStatementEndpoint } from '@seller/contract/payouts/export-payout-statement';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/browser-download';
import type { MutationConfig } from '@/lib/react-query';

export interface StatementCsv {
  fileName: string;
  blob: Blob;
}

/** The entries of a payout's statement as CSV, named by the server. */
export async function fetchStatementCsv(id: string): Promise<StatementCsv> {
  const { blob, fileName } = await apiDownload(exportPayoutStatementEndpoint, { params: { id } });
  return { blob, fileName: fileName ?? `statement-${id}.csv` };
}

async function exportAndSave(id: string): Promise<StatementCsv> {
  const csv = await fetchStatementCsv(id);
  saveBlob(csv.blob, csv.fileName);
  return csv;
}

/** Downloads a payout's statement as CSV. */
export function useExportPayoutStatement(config: MutationConfig<StatementCsv, string> = {}) {
  return useMutation({ ...config, mutationFn: exportAndSave });
}
