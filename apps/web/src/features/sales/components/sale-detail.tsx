import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import type { SaleRefund } from '@seller/contract/sales/get-sale';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import { ArrowLeftIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton, SkeletonStack } from '@/components/ui/skeleton';
import { YuanApproximation } from '@/components/yuan-approximation';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useSale } from '../api/get-sale';
import type { DownloadAllowance } from '../lib/download-allowance';
import { paymentMethodKey } from '../lib/payment-methods';
import { saleAfterRefunds } from '../lib/sale-after-refunds';
import { RefundedAmount } from './refunded-amount';
import { SaleBuyer } from './sale-buyer';
import { SaleDownloads } from './sale-downloads';
import { SaleEvidence } from './sale-evidence';
import { SaleRefunds } from './sale-refunds';
import { SaleStatusBadge } from './sale-status-badge';

interface Fact {
  id: string;
  label: string;
  value: ReactNode;
  className?: string;
}

/**
 * The sale's facts. Once refunds or chargebacks took part of it back, its figures are what is
 * left: the price less the refunds (beside what was refunded), the commission still kept and
 * the net after refunds, as the ledger counts them.
 */
function SaleFacts({
  sale,
  refunds,
  rate,
}: {
  sale: Transaction;
  refunds: readonly SaleRefund[];
  rate: ExchangeRate | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const methodKey = paymentMethodKey(sale.payment_method);
  const refunded = sale.refunded_amount > 0;
  const after = saleAfterRefunds(sale, refunds);
  const facts: Fact[] = [
    {
      id: 'product',
      label: t('sales.transactions.product'),
      value: (
        <Link
          to={paths.productDetail.href(sale.product_id)}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {sale.product_title}
        </Link>
      ),
      className: 'wrap-anywhere',
    },
    {
      id: 'date',
      label: t('sales.transactions.orderDate'),
      value: (
        <time dateTime={sale.purchase_date}>{formatDateTime(sale.purchase_date, language)}</time>
      ),
      className: 'tabular-nums',
    },
    {
      id: 'customer',
      label: t('sales.transactions.customer'),
      value: sale.customer_email,
      className: 'wrap-anywhere',
    },
    {
      id: 'payment',
      label: t('sales.transactions.paymentMethod'),
      value: methodKey ? t(methodKey) : sale.payment_method,
    },
    {
      id: 'amount',
      label: t('sales.transactions.amount'),
      value: (
        <span className="grid">
          <span className="font-semibold">{formatKrwAmount(sale.purchase_price, language)}</span>
          <YuanApproximation won={sale.purchase_price} rate={rate} className="text-xs" />
          <RefundedAmount won={sale.refunded_amount} rate={rate} />
        </span>
      ),
      className: 'tabular-nums',
    },
    ...(refunded
      ? [
          {
            id: 'left',
            label: t('sales.detail.leftAfterRefunds'),
            value: (
              <span className="grid">
                <span className="font-semibold">{formatKrwAmount(after.left, language)}</span>
                <YuanApproximation won={after.left} rate={rate} className="text-xs" />
              </span>
            ),
            className: 'tabular-nums',
          },
        ]
      : []),
    ...(sale.discount_code === null
      ? []
      : [
          {
            id: 'discount',
            label: t('sales.detail.discountCode'),
            value: (
              <span className="grid">
                <span className="font-mono">{sale.discount_code}</span>
                {sale.discount_amount === null ? null : (
                  <span className="text-xs text-muted-foreground">
                    {t('sales.detail.discountOff', {
                      amount: formatKrwAmount(sale.discount_amount, language),
                    })}
                  </span>
                )}
                {sale.discount_over_limit ? (
                  <span className="text-xs text-amber-700 dark:text-amber-400">
                    {t('sales.detail.discountOverLimit')}
                  </span>
                ) : null}
              </span>
            ),
          },
        ]),
    {
      id: 'commission',
      label: refunded ? t('sales.detail.commissionKept') : t('sales.detail.commission'),
      value: formatKrwAmount(after.commissionKept, language),
      className: 'tabular-nums',
    },
    {
      id: 'net',
      label: refunded ? t('sales.detail.netAfterRefunds') : t('sales.detail.net'),
      value: formatKrwAmount(after.netLeft, language),
      className: 'tabular-nums',
    },
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
      {facts.map((fact) => (
        <Fragment key={fact.id}>
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd className={fact.className} data-testid={`sale-${fact.id}`}>
            {fact.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * /sales/{purchaseId}: one sale (what was bought, by whom, for how much), its downloads with
 * their reset, and its refunds. `allowance` is what the sale's product gives each sale (from the
 * product, read by the route), `backTo` the sales list it was opened from, `yuanRate` the rate
 * of a Chinese seller's yuan amounts.
 */
export function SaleDetail({
  purchaseId,
  allowance,
  allowancePending,
  backTo,
  yuanRate,
}: {
  purchaseId: string;
  allowance: DownloadAllowance | undefined;
  allowancePending: boolean;
  backTo: string;
  yuanRate: ExchangeRate | undefined;
}) {
  const { t } = useTranslation();
  const query = useSale(purchaseId);
  const drawn = useDrawnLater(query);
  const back = (
    <Link
      to={backTo}
      className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      data-testid="back-to-sales"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('sales.detail.back')}
    </Link>
  );
  const heading = <h1 className="text-3xl font-bold tracking-tight">{t('sales.detail.title')}</h1>;

  // Another seller's sale answers not_found: the shell shows its not-found page instead.
  if (query.isError) {
    return (
      <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
        {back}
        {heading}
        <ErrorAlert data-testid="sale-error">
          {errorMessage(t, query.error, t('sales.detail.loadFailed'))}
        </ErrorAlert>
      </div>
    );
  }

  const detail = drawn.data;
  return (
    <div
      className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6"
      aria-busy={!detail}
      data-testid="sale-detail"
    >
      {back}
      <header className="grid gap-2">
        {heading}
        {detail ? (
          <div className="flex flex-wrap items-center gap-2">
            <span
              className="font-mono text-sm text-muted-foreground wrap-anywhere"
              data-testid="sale-order-id"
            >
              {detail.sale.order_id}
            </span>
            <SaleStatusBadge status={detail.sale.status} />
          </div>
        ) : (
          <Skeleton className="h-6 w-64 max-w-full" />
        )}
      </header>
      {detail ? (
        <>
          <Card>
            <CardContent>
              <SaleFacts sale={detail.sale} refunds={detail.refunds} rate={yuanRate} />
            </CardContent>
          </Card>
          <SaleBuyer
            buyer={detail.buyer}
            customerLink={
              detail.buyer.customerId ? (
                <Link
                  to={paths.customer.href(detail.buyer.customerId)}
                  className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="sale-customer-link"
                >
                  {t('sales.detail.buyer.openCustomer')}
                </Link>
              ) : undefined
            }
          />
          <SaleDownloads
            sale={detail.sale}
            deliveries={detail.deliveries}
            allowance={allowance}
            allowancePending={allowancePending}
          />
          <SaleRefunds refunds={detail.refunds} />
          <SaleEvidence purchaseId={purchaseId} />
        </>
      ) : (
        <div data-testid="sale-loading">
          <SkeletonStack
            className="gap-6"
            bars={['h-64 w-full rounded-xl', 'h-48 w-full rounded-xl', 'h-32 w-full rounded-xl']}
          />
        </div>
      )}
    </div>
  );
}
