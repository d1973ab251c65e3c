import type {
  CreateDeliveryResponse,
  createDeliveryBodySchema,
} from '@seller/contract/internal/create-delivery';
import type { SaleDetail } from '@seller/contract/sales/get-sale';
import type { ResetSaleDownloadsResponse } from '@seller/contract/sales/reset-sale-downloads';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Storage } from '../../storage/storage.ts';
import { saleRowToTransaction } from '../sales/sales.service.ts';
import type { DeliveryRepository } from './deliveries.repository.ts';

export type DeliveryInput = z.output<typeof createDeliveryBodySchema>;

/** The storage operation deliveries need: a short-lived download URL of a private file. */
export type DeliveryStorage = Pick<Storage, 'presignGet'>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => uuidPattern.test(value);

const saleNotFound = () => notFound('Sale');

/**
 * Buyer delivery (docs/product-rules.md, Buyer delivery): the member site asks for a link to one
 * of the product's files for an order; each link counts one download of that file for that
 * order, up to the product's `download_limit` (0 = unlimited), until the seller resets the
 * sale's downloads. The seller reads a sale with its refunds and deliveries.
 */
export function createDeliveryService(deps: {
  deliveries: DeliveryRepository;
  storage: DeliveryStorage;
  /** How long a link works (DELIVERY_LINK_TTL_SECONDS). */
  linkTtlSeconds: number;
  /** Where a relative link of the local driver is reached from outside (the app's address). */
  publicUrl: string;
  now?: () => Date;
}) {
  const { deliveries, storage, linkTtlSeconds, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async deliver(input: DeliveryInput): Promise<CreateDeliveryResponse> {
      if (!isUuid(input.fileId)) throw notFound('File');
      const at = now();
      // Whole seconds, as both stores count a link's life: `expiresAt` is exactly when it ends.
      const signedAt = new Date(Math.floor(at.getTime() / 1000) * 1000);
      const expiresAt = new Date(signedAt.getTime() + linkTtlSeconds * 1000);
      const outcome = await deliveries.deliver({
        orderId: input.orderId,
        fileId: input.fileId,
        at,
        expiresAt,
      });
      switch (outcome.kind) {
        case 'unknown_order':
          throw notFound('Order');
        case 'unknown_file':
          throw notFound('File');
        case 'refunded':
          throw new AppError('sale_refunded', 'This sale was refunded: it is not delivered');
        case 'limit_reached':
          throw new AppError(
            'download_limit_reached',
            `This file was downloaded ${outcome.limit} times for this order, the most its product allows`,
          );
        case 'delivered':
          break;
      }
      const { file } = outcome;
      const url = await storage.presignGet(file.storageKey, {
        fileName: file.name,
        contentType: file.contentType,
        expiresInSeconds: linkTtlSeconds,
        signedAt,
      });
      return {
        delivery: {
          id: outcome.deliveryId,
          orderId: input.orderId,
          fileId: file.id,
          fileName: file.name,
          size: file.size,
          // The local store's links are paths on this server: the buyer needs its address too.
          downloadUrl: new URL(url, publicUrl).href,
          expiresAt: expiresAt.toISOString(),
          downloadsUsed: outcome.used,
          downloadsLimit: outcome.limit === 0 ? null : outcome.limit,
        },
      };
    },

    async sale(sellerId: string, saleId: string): Promise<SaleDetail> {
      if (!isUuid(saleId)) throw saleNotFound();
      const found = await deliveries.findSale(sellerId, saleId);
      if (!found) throw saleNotFound();
      const [refunds, given] = await Promise.all([
        deliveries.refundsOf(saleId),
        deliveries.deliveriesOf(saleId),
      ]);
      return {
        sale: saleRowToTransaction(found.sale, found.productTitle),
        buyer: {
          customerId: found.customerId,
          email: found.sale.customerEmail,
          name: found.sale.buyerName,
          country: found.sale.buyerCountry,
          locale: found.sale.buyerLocale,
          marketingConsent: found.sale.marketingConsent,
          source: found.sale.source,
          utmSource: found.sale.utmSource,
          utmMedium: found.sale.utmMedium,
          utmCampaign: found.sale.utmCampaign,
        },
        refunds: refunds.map((refund) => ({
          refundId: refund.refundId,
          kind: refund.kind,
          amount: refund.amount,
          commissionReturned: refund.commissionReturned,
          netAmount: refund.netAmount,
          reason: refund.reason,
          refundedAt: refund.refundedAt.toISOString(),
        })),
        deliveries: given.map((delivery) => ({
          id: delivery.id,
          fileId: delivery.fileId,
          fileName: delivery.fileName,
          createdAt: delivery.createdAt.toISOString(),
        })),
      };
    },

    async resetDownloads(sellerId: string, saleId: string): Promise<ResetSaleDownloadsResponse> {
      if (!isUuid(saleId)) throw saleNotFound();
      const reset = await deliveries.resetDownloads(sellerId, saleId);
      if (!reset) throw saleNotFound();
      return { sale: saleRowToTransaction(reset.sale, reset.productTitle) };
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
