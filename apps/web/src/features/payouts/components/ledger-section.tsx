import type { LedgerEntry } from '@seller/contract/payouts/payout';
import { DownloadIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/class-names';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useExportLedger } from '../api/export-ledger';
import { useLedger } from '../api/get-ledger';
import { isRangeValid, type LedgerRange } from '../lib/payouts-search-params';
import { PayoutsPagination } from './payouts-pagination';

const typeKeys = {
  sale: 'payouts.ledger.types.sale',
  refund: 'payouts.ledger.types.refund',
  chargeback: 'payouts.ledger.types.chargeback',
  payout: 'payouts.ledger.types.payout',
} as const satisfies Record<LedgerEntry['type'], string>;

/** An amount that may be below zero: red when it takes from the balance. */
function SignedAmount({ amount, testId }: { amount: number; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={cn('tabular-nums', amount < 0 && 'text-destructive')} data-testid={testId}>
      {formatKrwAmount(amount, i18n.resolvedLanguage)}
    </span>
  );
}

/** The period filter: two local days, either may be left open. */
function RangeFilter({
  range,
  onChange,
}: {
  range: LedgerRange;
  onChange: (range: LedgerRange) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const invalid = !isRangeValid(range);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-3" data-testid="ledger-range">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>{t('payouts.ledger.from')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            className="w-40"
            value={range.from ?? ''}
            max={range.to ?? undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => onChange({ ...range, from: event.target.value || null })}
            data-testid="ledger-from"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>{t('payouts.ledger.to')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            className="w-40"
            value={range.to ?? ''}
            min={range.from ?? undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onChange={(event) => onChange({ ...range, to: event.target.value || null })}
            data-testid="ledger-to"
          />
        </div>
        {range.from || range.to ? (
          <Button variant="ghost" onClick={() => onChange({ from: null, to: null })}>
            <XIcon aria-hidden="true" />
            {t('payouts.ledger.clear')}
          </Button>
        ) : null}
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {t('payouts.ledger.rangeInvalid')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every entry of the seller's ledger (sales, refunds, chargebacks, payouts), newest first, with
 * the balance after each; filtered by a period, a page at a time, and downloadable as CSV.
 */
export function LedgerSection({
  range,
  page,
  onRangeChange,
  onPageChange,
}: {
  range: LedgerRange;
  page: number;
  onRangeChange: (range: LedgerRange) => void;
  onPageChange: (page: number) => void;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const valid = isRangeValid(range);
  const ledger = useLedger(range, page, { enabled: valid });
  const exportLedger = useExportLedger({
    onError: (error) => {
      console.warn('[payouts] The ledger export failed:', error.message);
      toast.error(t('payouts.ledger.exportFailed'));
    },
  });
  const rows = valid ? (ledger.data?.entries ?? []) : [];
  const loading = valid && ledger.isPending;
  const placeholders = {
    loading: { text: t('payouts.ledger.loading'), testId: 'ledger-loading' },
    empty: { text: t('payouts.ledger.empty'), testId: 'ledger-empty' },
  };
  const what = (entry: LedgerEntry) => entry.productTitle ?? entry.orderId ?? '';

  return (
    <Card className="gap-4" data-testid="ledger">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('payouts.ledger.title')}</CardTitle>
          <CardDescription>{t('payouts.ledger.description')}</CardDescription>
        </div>
        <Button
          variant="outline"
          onClick={() => exportLedger.mutate(range)}
          disabled={!valid || exportLedger.isPending}
          data-testid="ledger-export"
        >
          <DownloadIcon aria-hidden="true" />
          {exportLedger.isPending ? t('payouts.ledger.exporting') : t('payouts.ledger.export')}
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <RangeFilter range={range} onChange={onRangeChange} />
        {ledger.isError ? (
          <ErrorAlert data-testid="ledger-error">
            {errorMessage(t, ledger.error, t('payouts.ledger.loadFailed'))}
          </ErrorAlert>
        ) : (
          <>
            {layout !== 'narrow' ? (
              <div className="hidden rounded-lg border md:block">
                <DataTable
                  data-testid="ledger-table"
                  columns={[
                    { id: 'date', header: t('payouts.ledger.date') },
                    { id: 'type', header: t('payouts.ledger.type') },
                    { id: 'product', header: t('payouts.ledger.product') },
                    { id: 'gross', header: t('payouts.ledger.gross'), className: 'text-right' },
                    {
                      id: 'commission',
                      header: t('payouts.ledger.commission'),
                      className: 'text-right',
                    },
                    { id: 'net', header: t('payouts.ledger.net'), className: 'text-right' },
                    {
                      id: 'balance',
                      header: t('payouts.ledger.balanceAfter'),
                      className: 'text-right',
                    },
                  ]}
                  loading={loading}
                  rowCount={rows.length}
                  placeholders={placeholders}
                >
                  {rows.map((entry) => (
                    <TableRow key={entry.id} data-testid="ledger-row" data-type={entry.type}>
                      <TableCell className="tabular-nums">
                        <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                      </TableCell>
                      <TableCell data-testid="ledger-type">{t(typeKeys[entry.type])}</TableCell>
                      <TableCell className="max-w-56 truncate" title={what(entry)}>
                        {what(entry)}
                      </TableCell>
                      <TableCell className="text-right">
                        <SignedAmount amount={entry.gross} testId="ledger-gross" />
                      </TableCell>
                      <TableCell className="text-right">
                        <SignedAmount amount={entry.commission} />
                      </TableCell>
                      <TableCell className="text-right font-medium">
                        <SignedAmount amount={entry.net} testId="ledger-net" />
                      </TableCell>
                      <TableCell className="text-right">
                        <SignedAmount amount={entry.balanceAfter} testId="ledger-balance" />
                      </TableCell>
                    </TableRow>
                  ))}
                </DataTable>
              </div>
            ) : null}
            {layout !== 'wide' ? (
              <div className="md:hidden" data-testid="ledger-cards">
                <CardList loading={loading} rowCount={rows.length} placeholders={placeholders}>
                  {rows.map((entry) => (
                    <CardListItem key={entry.id} data-testid="ledger-card" data-type={entry.type}>
                      <div className="flex items-start justify-between gap-3">
                        <span className="min-w-0 flex-1 font-medium wrap-anywhere">
                          {t(typeKeys[entry.type])}
                          {what(entry) ? (
                            <span className="block text-muted-foreground">{what(entry)}</span>
                          ) : null}
                        </span>
                        <span className="shrink-0 font-semibold">
                          <SignedAmount amount={entry.net} testId="ledger-net" />
                        </span>
                      </div>
                      <CardFacts
                        facts={[
                          {
                            label: t('payouts.ledger.date'),
                            value: (
                              <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                            ),
                            className: 'tabular-nums',
                          },
                          {
                            label: t('payouts.ledger.gross'),
                            value: <SignedAmount amount={entry.gross} />,
                          },
                          {
                            label: t('payouts.ledger.commission'),
                            value: <SignedAmount amount={entry.commission} />,
                          },
                          {
                            label: t('payouts.ledger.balanceAfter'),
                            value: <SignedAmount amount={entry.balanceAfter} />,
                          },
                        ]}
                      />
                    </CardListItem>
                  ))}
                </CardList>
              </div>
            ) : null}
            {valid && ledger.data ? (
              <PayoutsPagination
                pagination={ledger.data.pagination}
                label={t('payouts.ledger.pages')}
                testId="ledger-pagination"
                onPageChange={onPageChange}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
