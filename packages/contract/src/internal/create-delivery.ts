import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const createDeliveryBodySchema = z.object({
  /** The order of the sale (the `orderId` its purchase was recorded with), taken as sent. */
  orderId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[\x21-\x7e]+$/, 'orderIdInvalid'),
  /**
   * One of the product's current files (`files[].id` of the public product page). Any string is
   * accepted here: one that is not a file of the order's product is a 404.
   */
  fileId: z.string().min(1).max(128),
  /**
   * The buyer's browser as the member site saw it, kept as evidence of the delivery: the
   * address only as its country and network prefix (/24 of IPv4, /48 of IPv6), never whole.
   */
  buyer: z
    .object({
      ip: z.union([z.ipv4(), z.ipv6()]),
      userAgent: z.string().max(1000),
    })
    .optional(),
});
export type CreateDeliveryBody = z.input<typeof createDeliveryBodySchema>;

export const deliverySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  fileId: z.string(),
  /** The file's original name: the download is saved under it. */
  fileName: z.string(),
  /** Bytes (of the stamped copy when `stamped`). */
  size: z.number().int(),
  /** The file's version served: always the newest when the delivery is given. */
  version: z.number().int(),
  /** The copy carries the buyer's email and order id on every page (the product's `pdf_stamp`). */
  stamped: z.boolean(),
  /**
   * Downloads the file with a plain GET (no header needed) until `expiresAt`; answers `Range`
   * requests with 206. After that it is refused (403 or 410); ask for a new delivery.
   */
  downloadUrl: z.string(),
  expiresAt: z.iso.datetime(),
  /** Downloads of this file for this order counted so far, this one included. */
  downloadsUsed: z.number().int(),
  /** The product's limit per file and order; null when unlimited. */
  downloadsLimit: z.number().int().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const createDeliveryResponseSchema = z.object({ delivery: deliverySchema });
export type CreateDeliveryResponse = z.infer<typeof createDeliveryResponseSchema>;

export const createDeliveryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/deliveries',
  operationId: 'createDelivery',
  summary: 'A download link for a buyer',
  description:
    "Gives the buyer of `orderId` a short-lived link to one of the product's current files, and counts one download of that file for that order. The product's `download_limit` caps the downloads of each file per order (0 = unlimited); past it the call is 403 `download_limit_reached` until the seller resets the sale's downloads. A product deleted after the sale is still delivered. The newest version of the file is served (`version`); with the product's `pdf_stamp` a PDF is served as a copy carrying the buyer's email and order id on every page, made once per order and version and reused (`stamped`); when that copy cannot be made the call is 503 `stamp_unavailable`, never the original instead. `buyer` (the browser's address and user agent) is kept as evidence: the country and network prefix, never the whole address. An unknown order, or a file that is not one of the order's product's current files, is 404 `not_found`; a sale fully refunded or charged back is 409 `sale_refunded`. The link works without any header for `DELIVERY_LINK_TTL_SECONDS` (600 by default), serves the exact bytes as an attachment under the original name and answers `Range` with 206; once expired it is 403 or 410. Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 201,
  errors: ['not_found', 'sale_refunded', 'download_limit_reached', 'stamp_unavailable'],
  body: createDeliveryBodySchema,
  response: createDeliveryResponseSchema,
});
