import { createDeliveryEndpoint } from '@seller/contract/internal/create-delivery';
import { getSaleEndpoint } from '@seller/contract/sales/get-sale';
import { getSaleEvidenceEndpoint } from '@seller/contract/sales/get-sale-evidence';
import { resetSaleDownloadsEndpoint } from '@seller/contract/sales/reset-sale-downloads';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { DeliveryService } from './deliveries.service.ts';

/** The seller's view of a sale's downloads: the sale's detail and the reset. */
export async function deliveryRoutes(
  app: FastifyInstance,
  options: { deliveries: DeliveryService },
) {
  const { deliveries } = options;
  defineRoute(app, getSaleEndpoint, ({ seller, params }) =>
    deliveries.sale(seller.id, params.purchaseId),
  );
  defineRoute(app, getSaleEvidenceEndpoint, ({ seller, params }) =>
    deliveries.evidence(seller.id, params.purchaseId),
  );
  defineRoute(app, resetSaleDownloadsEndpoint, ({ seller, params }) =>
    deliveries.resetDownloads(seller.id, params.purchaseId),
  );
}

/** The member site's signed delivery call, registered inside the internal scope. */
export function deliveryInternalRoutes(deliveries: DeliveryService): InternalRoutes {
  return (scope) => {
    defineRoute(scope, createDeliveryEndpoint, ({ body }) => deliveries.deliver(body));
  };
}
