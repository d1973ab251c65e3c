import { z } from 'zod';
import { sampleKinds } from '../catalog/get-catalog-product.ts';
import { defineEndpoint } from '../endpoint.ts';
import { saleParamsSchema } from './get-sale.ts';
import { refundKinds } from './refund.ts';

export const evidenceDeliverySchema = z.object({
  /** When the link was given. */
  at: z.iso.datetime(),
  fileId: z.string(),
  fileName: z.string(),
  /** The file's version served; null for deliveries made before versions were kept. */
  version: z.number().int().nullable(),
  /** SHA-256 (hex) of the bytes served: the version's, or the stamped copy's. */
  sha256: z.string().nullable(),
  /** Bytes served. */
  size: z.number().int(),
  /** The copy carried the buyer's email and order id on every page. */
  stamped: z.boolean(),
  /** ISO 3166-1 alpha-2 of the buyer's address; null when unknown. */
  country: z.string().nullable(),
  /** The buyer's network (`203.0.113.0/24`, `2001:db8:1::/48`), never the whole address. */
  networkPrefix: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type EvidenceDelivery = z.infer<typeof evidenceDeliverySchema>;

export const saleEvidenceSchema = z.object({
  sheet: z.object({
    /** A new id for each sheet made. */
    id: z.string(),
    generatedAt: z.iso.datetime(),
    /**
     * SHA-256 (hex) of this answer's JSON without `sheet.sha256` itself (`JSON.stringify` of
     * the object in the order written, `sha256` left out): what the printed sheet carries too.
     */
    sha256: z.string(),
  }),
  seller: z.object({ id: z.string(), nickname: z.string().nullable() }),
  order: z.object({
    purchaseId: z.string(),
    orderId: z.string(),
    productId: z.string(),
    productTitle: z.string(),
    /** KRW. */
    amount: z.number().int(),
    paymentMethod: z.string(),
    purchasedAt: z.iso.datetime(),
  }),
  buyer: z.object({ email: z.string() }),
  /** What the catalog offered of the product before buying, as it stands now. */
  samplesOffered: z.array(
    z.object({
      fileId: z.string(),
      fileName: z.string(),
      kind: z.enum(sampleKinds),
      pages: z.number().int().nullable(),
    }),
  ),
  /** Every delivery of the sale, oldest first (resets included). */
  deliveries: z.array(evidenceDeliverySchema),
  summary: z.object({
    /** The first delivery's time; null when the buyer was never given a file. */
    firstDeliveryAt: z.iso.datetime().nullable(),
    /** The product's current files the buyer was never given. */
    filesNeverDownloaded: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
    /** Refunds and chargebacks, oldest first. */
    refunds: z.array(
      z.object({
        refundId: z.string(),
        kind: z.enum(refundKinds),
        amount: z.number().int(),
        reason: z.string().nullable(),
        refundedAt: z.iso.datetime(),
      }),
    ),
  }),
});
export type SaleEvidence = z.infer<typeof saleEvidenceSchema>;

export const getSaleEvidenceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/sales/{purchaseId}/evidence',
  operationId: 'getSaleEvidence',
  summary: "A sale's delivery evidence",
  description:
    "What the seller can show in a refund dispute after a download (KR 전자상거래법 §17, CN 消费者权益保护法 §25): the order, the buyer, the samples offered, every delivery with its version, the served bytes' SHA-256, whether it was stamped, the buyer's country, network prefix and browser, the files never downloaded and the refunds, with a hash of the sheet. Another seller's sale, or an id that is not one, is 404.",
  tags: ['sales'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  errors: ['not_found'],
  params: saleParamsSchema,
  response: saleEvidenceSchema,
});
