import { FileTextIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { formatLongDate } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { usePayouts } from '../api/list-payouts';
import { payoutMethodKeys } from '../lib/payout-methods';
import { PayoutsPagination } from './payouts-pagination';

const linkClass =
  'inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline';

/**
 * The payouts made to the seller, newest first and a page at a time: a table on wide screens,
 * cards on phones. Each opens its statement.
 */
export function PayoutHistory({
  page,
  onPageChange,
}: {
  page: number;
  onPageChange: (page: number) => void;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const payouts = usePayouts(page);
  const rows = payouts.data?.payouts ?? [];
  const placeholders = {
    loading: { text: t('payouts.history.loading'), testId: 'payouts-loading' },
    empty: { text: t('payouts.history.empty'), testId: 'payouts-empty' },
  };
  return (
    <Card className="gap-4" data-testid="payout-history">
      <CardHeader>
        <CardTitle>{t('payouts.history.title')}</CardTitle>
        <CardDescription>{t('payouts.history.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {payouts.isError ? (
          <ErrorAlert data-testid="payouts-error">
            {errorMessage(t, payouts.error, t('payouts.history.loadFailed'))}
          </ErrorAlert>
        ) : (
          <>
            {layout !== 'narrow' ? (
              <div className="hidden rounded-lg border md:block">
                <DataTable
                  data-testid="payouts-table"
                  columns={[
                    { id: 'date', header: t('payouts.history.paidAt') },
                    { id: 'method', header: t('payouts.history.method') },
                    { id: 'reference', header: t('payouts.history.reference') },
                    { id: 'amount', header: t('payouts.history.amount'), className: 'text-right' },
                    { id: 'statement', header: t('payouts.history.statement') },
                  ]}
                  loading={payouts.isPending}
                  rowCount={rows.length}
                  placeholders={placeholders}
                >
                  {rows.map((payout) => (
                    <TableRow key={payout.id} data-testid="payout-row">
                      <TableCell>
                        <time dateTime={payout.paidAt}>
                          {formatLongDate(payout.paidAt, language)}
                        </time>
                      </TableCell>
                      <TableCell>{t(payoutMethodKeys[payout.method])}</TableCell>
                      <TableCell
                        className="max-w-56 truncate font-mono text-xs"
                        title={payout.reference ?? undefined}
                      >
                        {payout.reference ?? '—'}
                      </TableCell>
                      <TableCell
                        className="text-right font-medium tabular-nums"
                        data-testid="payout-amount"
                      >
                        {formatKrwAmount(payout.amount, language)}
                      </TableCell>
                      <TableCell>
                        <Link to={paths.payout.href(payout.id)} className={linkClass}>
                          <FileTextIcon className="size-4" aria-hidden="true" />
                          {t('payouts.history.open')}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </DataTable>
              </div>
            ) : null}
            {layout !== 'wide' ? (
              <div className="md:hidden" data-testid="payouts-cards">
                <CardList
                  loading={payouts.isPending}
                  rowCount={rows.length}
                  placeholders={placeholders}
                >
                  {rows.map((payout) => (
                    <CardListItem key={payout.id} data-testid="payout-card">
                      <div className="flex items-start justify-between gap-3">
                        <time dateTime={payout.paidAt} className="font-medium">
                          {formatLongDate(payout.paidAt, language)}
                        </time>
                        <span className="font-semibold tabular-nums" data-testid="payout-amount">
                          {formatKrwAmount(payout.amount, language)}
                        </span>
                      </div>
                      <CardFacts
                        facts={[
                          {
                            label: t('payouts.history.method'),
                            value: t(payoutMethodKeys[payout.method]),
                          },
                          ...(payout.reference
                            ? [
                                {
                                  label: t('payouts.history.reference'),
                                  value: payout.reference,
                                  className: 'font-mono text-xs leading-5 wrap-anywhere',
                                },
                              ]
                            : []),
                        ]}
                      />
                      <Link to={paths.payout.href(payout.id)} className={linkClass}>
                        <FileTextIcon className="size-4" aria-hidden="true" />
                        {t('payouts.history.open')}
                      </Link>
                    </CardListItem>
                  ))}
                </CardList>
              </div>
            ) : null}
            {payouts.data ? (
              <PayoutsPagination
                pagination={payouts.data.pagination}
                label={t('payouts.history.pages')}
                testId="payouts-pagination"
                onPageChange={onPageChange}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
