import {
  type EvidenceSheetLanguage,
  getSaleEvidencePdfEndpoint,
} from '@seller/contract/sales/get-sale-evidence-pdf';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveBlob } from '@/lib/browser-download';
import type { MutationConfig } from '@/lib/react-query';

export interface EvidencePdf {
  fileName: string;
  blob: Blob;
}

export interface EvidencePdfInput {
  purchaseId: string;
  language: EvidenceSheetLanguage;
}

/** The sale's evidence sheet as a PDF in the language asked, named by the server. */
export async function fetchEvidencePdf({
  purchaseId,
  language,
}: EvidencePdfInput): Promise<EvidencePdf> {
  const { blob, fileName } = await apiDownload(getSaleEvidencePdfEndpoint, {
    params: { purchaseId },
    query: { lang: language },
  });
  return { blob, fileName: fileName ?? 'evidence.pdf' };
}

async function downloadAndSave(input: EvidencePdfInput): Promise<EvidencePdf> {
  const pdf = await fetchEvidencePdf(input);
  saveBlob(pdf.blob, pdf.fileName);
  return pdf;
}

/** Downloads the printable evidence sheet (`evidence-<orderId>.pdf`). */
export function useDownloadEvidencePdf(config: MutationConfig<EvidencePdf, EvidencePdfInput> = {}) {
  return useMutation({ ...config, mutationFn: downloadAndSave });
}
