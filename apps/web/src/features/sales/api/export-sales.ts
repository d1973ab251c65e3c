import { errorBodySchema } from '@seller/contract/errors';
import type { SalesPeriod } from '@seller/contract/limits';
import { exportSalesEndpoint } from '@seller/contract/sales/export-sales';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { ApiError, clientErrorCodes } from '@/lib/api-client';
import { clearSession, getToken } from '@/lib/auth-token';
import type { MutationConfig } from '@/lib/react-query';
import { fileNameFromDisposition } from '../lib/file-name';

export interface SalesCsv {
  fileName: string;
  blob: Blob;
}

/**
 * The export is a file, not JSON, so it cannot go through `apiRequest` (which parses JSON
 * bodies); this is the one other authenticated call of the app. It keeps the client's rules:
 * the stored bearer token, a 401 ends the session, other errors become an `ApiError`.
 */
export async function fetchSalesCsv(period: SalesPeriod): Promise<SalesCsv> {
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = `${exportSalesEndpoint.path}?${new URLSearchParams({ period }).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { method: exportSalesEndpoint.method, headers });
  } catch {
    throw new ApiError({ status: 0, code: clientErrorCodes.network });
  }
  if (response.status === 401) {
    clearSession();
    window.location.assign(paths.login.href());
    throw new ApiError({ status: 401, code: 'unauthorized' });
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError({
      status: response.status,
      code: parsed.success ? parsed.data.code : clientErrorCodes.unknown,
      serverMessage: parsed.success ? parsed.data.error : undefined,
    });
  }
  const fallbackName = `sales-${period}.csv`;
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
  return { fileName: fileName ?? fallbackName, blob: await response.blob() };
}

/** Hands a blob to the browser as a download with the given name. */
export function saveFile({ fileName, blob }: SalesCsv): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

async function exportAndSave(period: SalesPeriod): Promise<SalesCsv> {
  const csv = await fetchSalesCsv(period);
  saveFile(csv);
  return csv;
}

/** Downloads the CSV of the period (`sales-<period>-<date>.csv`, named by the server). */
export function useExportSales(config: MutationConfig<SalesCsv, SalesPeriod> = {}) {
  return useMutation({ ...config, mutationFn: exportAndSave });
}
