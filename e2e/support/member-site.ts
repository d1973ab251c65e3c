import type { CreateDeliveryBody, Delivery } from '@seller/contract/internal/create-delivery';
import type { RecordPayoutBody } from '@seller/contract/internal/record-payout';
import type { RecordRefundBody } from '@seller/contract/internal/record-refund';
import type { SetExchangeRateBody } from '@seller/contract/internal/set-exchange-rate';
import type { RecordedSale, RecordPurchaseBody } from '@seller/contract/sales/record-purchase';
import { signInternalRequest } from '../../apps/api/src/lib/internal-signature.ts';
import { sellerClient, succeeded } from './api';

export type { RecordedSale };
export type Purchase = RecordPurchaseBody;

/**
 * What the external member site does: calls to the internal API signed with the run's secret,
 * by the server's own signer, over the exact bytes sent (docs/member-site.md).
 */
export function memberSiteOf(baseUrl: string, secret: string) {
  const client = sellerClient(baseUrl);
  /** Sends the body as these bytes, and signs them. */
  const signed = (body: object) => {
    const raw = JSON.stringify(body);
    return {
      headers: { 'X-Signature': signInternalRequest(secret, raw) },
      bodySerializer: () => raw,
    };
  };
  return {
    /** Reports one purchase; `purchasedAt` is the time of the call when absent. */
    async recordPurchase(purchase: Purchase): Promise<RecordedSale> {
      const answer = await succeeded(
        client.POST('/api/internal/purchases', { ...signed(purchase), body: purchase }),
      );
      return answer.sale;
    },
    /** Reports `count` views of a product. */
    async recordViews(productId: string, count: number): Promise<void> {
      const body = { count };
      await succeeded(
        client.POST('/api/internal/products/{id}/views', {
          ...signed(body),
          params: { path: { id: productId } },
          body,
        }),
      );
    },
    /** Asks for a buyer's download link to one file of their order; counts one download. */
    async deliver(delivery: CreateDeliveryBody): Promise<Delivery> {
      const answer = await succeeded(
        client.POST('/api/internal/deliveries', { ...signed(delivery), body: delivery }),
      );
      return answer.delivery;
    },
    /** Reports a refund or chargeback of (part of) a sale. */
    async recordRefund(refund: RecordRefundBody): Promise<void> {
      await succeeded(client.POST('/api/internal/refunds', { ...signed(refund), body: refund }));
    },
    /** Records a payout the operator made to a seller outside the seller center. */
    async recordPayout(payout: RecordPayoutBody): Promise<void> {
      await succeeded(client.POST('/api/internal/payouts', { ...signed(payout), body: payout }));
    },
    /** Publishes the exchange rate the products' prices are converted with. */
    async setExchangeRate(rate: SetExchangeRateBody): Promise<void> {
      await succeeded(client.PUT('/api/internal/exchange-rate', { ...signed(rate), body: rate }));
    },
  };
}

export type MemberSite = ReturnType<typeof memberSiteOf>;
