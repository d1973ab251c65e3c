import { getSettlementInfoEndpoint } from '@seller/contract/settlement/get-settlement-info';
import { updateSettlementInfoEndpoint } from '@seller/contract/settlement/update-settlement-info';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { SettlementService } from './settlement.service.ts';

export async function settlementRoutes(
  app: FastifyInstance,
  options: { settlement: SettlementService },
) {
  const { settlement } = options;
  defineRoute(app, getSettlementInfoEndpoint, ({ seller }) => settlement.get(seller.id));
  defineRoute(app, updateSettlementInfoEndpoint, ({ seller, body, request }) =>
    settlement.update(seller.id, body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  );
}
