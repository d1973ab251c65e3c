import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { saleParamsSchema } from './get-sale.ts';

/** The languages the printable sheet is written in. */
export const evidenceSheetLanguages = ['ko', 'zh', 'en'] as const;
export type EvidenceSheetLanguage = (typeof evidenceSheetLanguages)[number];

export const getSaleEvidencePdfQuerySchema = z.object({
  /** Absent: English. */
  lang: z.enum(evidenceSheetLanguages, { error: 'invalid' }).default('en'),
});
export type GetSaleEvidencePdfQuery = z.input<typeof getSaleEvidencePdfQuerySchema>;

export const getSaleEvidencePdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/sales/{purchaseId}/evidence.pdf',
  operationId: 'getSaleEvidencePdf',
  summary: "A sale's delivery evidence as a printable PDF",
  description:
    "The delivery evidence sheet (the same figures as `GET …/evidence`) as an `application/pdf` attachment named `evidence-<orderId>.pdf`, written in Korean, Chinese or English (`lang`, English when absent) for a refund dispute after a download (KR 전자상거래법 §17, CN 消费者权益保护法 §25): the order, the buyer, the samples offered, every delivery with its version and the served bytes' SHA-256, the files never downloaded, the refunds, and the sheet's id, time and SHA-256. Another seller's sale, or an id that is not one, is 404; a language other than these is 400 `validation_failed`.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  errors: ['not_found'],
  params: saleParamsSchema,
  query: getSaleEvidencePdfQuerySchema,
  produces: 'application/pdf',
});
