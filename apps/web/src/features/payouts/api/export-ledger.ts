import { exportLedgerEndpoint } from '@seller/contract/payouts/export-ledger';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/browser-download';
import type { MutationConfig } from '@/lib/react-query';
import type { LedgerRange } from '../lib/payouts-search-params';

export interface LedgerCsv {
  fileName: string;
  blob: Blob;
}

/** The ledger of the period (every entry, not one page) as CSV, named by the server. */
export async function fetchLedgerCsv({ from, to }: LedgerRange): Promise<LedgerCsv> {
  const { blob, fileName } = await apiDownload(exportLedgerEndpoint, {
    query: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
  });
  return { blob, fileName: fileName ?? 'ledger.csv' };
}

async function exportAndSave(range: LedgerRange): Promise<LedgerCsv> {
  const csv = await fetchLedgerCsv(range);
  saveBlob(csv.blob, csv.fileName);
  return csv;
}

/** Downloads the ledger of the period as CSV. */
export function useExportLedger(config: MutationConfig<LedgerCsv, LedgerRange> = {}) {
  return useMutation({ ...config, mutationFn: exportAndSave });
}
