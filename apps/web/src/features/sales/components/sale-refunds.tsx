import type { SaleRefund } from '@seller/contract/sales/get-sale';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';

const kindKeys = {
  refund: 'sales.detail.kind.refund',
  chargeback: 'sales.detail.kind.chargeback',
} as const satisfies Record<SaleRefund['kind'], string>;

/** A sale's refunds and chargebacks, oldest first: a table on wide screens, cards on phones. */
export function SaleRefunds({ refunds }: { refunds: readonly SaleRefund[] }) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const placeholders = {
    loading: { text: t('sales.transactions.loading') },
    empty: { text: t('sales.detail.refundsEmpty'), testId: 'refunds-empty' },
  };
  const money = (amount: number) => formatKrwAmount(amount, language);
  return (
    <Card className="gap-4" data-testid="sale-refunds">
      <CardHeader>
        <CardTitle>{t('sales.detail.refundsTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {layout !== 'narrow' ? (
          <div className="hidden rounded-lg border md:block">
            <DataTable
              columns={[
                { id: 'date', header: t('sales.detail.refundDate') },
                { id: 'kind', header: t('sales.detail.refundKind') },
                { id: 'reason', header: t('sales.detail.refundReason') },
                {
                  id: 'commission',
                  header: t('sales.detail.commissionReturned'),
                  className: 'text-right',
                },
                { id: 'amount', header: t('sales.detail.refundAmount'), className: 'text-right' },
              ]}
              rowCount={refunds.length}
              placeholders={placeholders}
            >
              {refunds.map((refund) => (
                <TableRow key={refund.refundId} data-testid="refund-row">
                  <TableCell className="tabular-nums">
                    <time dateTime={refund.refundedAt}>
                      {formatDateTime(refund.refundedAt, language)}
                    </time>
                  </TableCell>
                  <TableCell data-testid="refund-kind">{t(kindKeys[refund.kind])}</TableCell>
                  <TableCell className="max-w-56 truncate" title={refund.reason ?? undefined}>
                    {refund.reason ?? '—'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {money(refund.commissionReturned)}
                  </TableCell>
                  <TableCell
                    className="text-right font-medium tabular-nums"
                    data-testid="refund-amount"
                  >
                    {money(refund.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
          </div>
        ) : null}
        {layout !== 'wide' ? (
          <div className="md:hidden">
            <CardList loading={false} rowCount={refunds.length} placeholders={placeholders}>
              {refunds.map((refund) => (
                <CardListItem key={refund.refundId} data-testid="refund-card">
                  <div className="flex items-start justify-between gap-3">
                    <span className="font-medium" data-testid="refund-kind">
                      {t(kindKeys[refund.kind])}
                    </span>
                    <span className="font-semibold tabular-nums" data-testid="refund-amount">
                      {money(refund.amount)}
                    </span>
                  </div>
                  <CardFacts
                    facts={[
                      {
                        label: t('sales.detail.refundDate'),
                        value: (
                          <time dateTime={refund.refundedAt}>
                            {formatDateTime(refund.refundedAt, language)}
                          </time>
                        ),
                        className: 'tabular-nums',
                      },
                      {
                        label: t('sales.detail.commissionReturned'),
                        value: money(refund.commissionReturned),
                        className: 'tabular-nums',
                      },
                      ...(refund.reason
                        ? [
                            {
                              label: t('sales.detail.refundReason'),
                              value: refund.reason,
                              className: 'wrap-anywhere',
                            },
                          ]
                        : []),
                    ]}
                  />
                </CardListItem>
              ))}
            </CardList>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
