import type { PayoutDetail } from '@seller/contract/payouts/get-payout';
import type { TFunction } from 'i18next';
import { ArrowLeftIcon, DownloadIcon, PrinterIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { formatLongDate } from '@/lib/format-date';
import { useExportPayoutStatement } from '../api/export-payout-statement';
import { usePayout } from '../api/get-payout';
import { payoutMethodKeys } from '../lib/payout-methods';

/*
 * The statement prints as one clean A4 page: the app's navigation and every button are left
 * out (print:hidden), and the text is black on white whatever the screen's theme.
 */
const printPage = '@page { size: A4; margin: 18mm 16mm; }';

interface StatementLine {
  id: string;
  label: string;
  amount: number;
  /** A subtotal line (the balances): set apart and in bold. */
  total?: boolean;
  /** A detail of the line above it (commission of the sales, commission returned). */
  detail?: boolean;
}

function statementLines({ payout, statement }: PayoutDetail, t: TFunction): StatementLine[] {
  return [
    {
      id: 'opening',
      label: t('payouts.statement.openingBalance'),
      amount: statement.openingBalance,
      total: true,
    },
    {
      id: 'sales',
      label: t('payouts.statement.sales', { count: statement.sales.count }),
      amount: statement.sales.gross,
    },
    {
      id: 'commission',
      label: t('payouts.statement.commission'),
      amount: -statement.sales.commission,
      detail: true,
    },
    {
      id: 'refunds',
      label: t('payouts.statement.refunds', { count: statement.refunds.count }),
      amount: -statement.refunds.amount,
    },
    {
      id: 'commission-returned',
      label: t('payouts.statement.commissionReturned'),
      amount: statement.refunds.commissionReturned,
      detail: true,
    },
    { id: 'payout', label: t('payouts.statement.payout'), amount: -payout.amount },
    {
      id: 'closing',
      label: t('payouts.statement.closingBalance'),
      amount: statement.closingBalance,
      total: true,
    },
  ];
}

/**
 * A payout's statement: the entries after the previous payout up to this one, from the opening
 * balance through sales, commission, refunds and the payout to the closing balance; printable
 * and downloadable as CSV.
 */
export function PayoutStatement({ payoutId }: { payoutId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const query = usePayout(payoutId);
  const exportStatement = useExportPayoutStatement({
    onError: (error) => {
      console.warn('[payouts] The statement export failed:', error.message);
      toast.error(t('payouts.ledger.exportFailed'));
    },
  });
  const back = (
    <Link
      to={paths.payouts.href()}
      className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('payouts.statement.back')}
    </Link>
  );

  // A payout that is not the seller's answers not_found: the shell shows its not-found page.
  if (query.isError) {
    return (
      <div className="mx-auto grid max-w-2xl gap-6">
        {back}
        <ErrorAlert data-testid="statement-error">
          {errorMessage(t, query.error, t('payouts.statement.loadFailed'))}
        </ErrorAlert>
      </div>
    );
  }

  const data = query.data;
  const { payout, statement } = data ?? {};
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <style>{printPage}</style>
      {back}
      <article
        className="grid gap-6 rounded-xl border bg-card p-4 sm:p-8 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:**:border-black print:**:text-black"
        aria-busy={!data}
        data-testid="statement"
      >
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('payouts.statement.title')}</h1>
          <p className="min-h-6 text-muted-foreground" data-testid="statement-period">
            {statement
              ? t('payouts.statement.period', {
                  from: formatLongDate(statement.from, language),
                  to: formatLongDate(statement.to, language),
                })
              : null}
          </p>
        </div>
        {payout ? (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('payouts.history.paidAt')}</dt>
            <dd>
              <time dateTime={payout.paidAt}>{formatLongDate(payout.paidAt, language)}</time>
            </dd>
            <dt className="text-muted-foreground">{t('payouts.history.method')}</dt>
            <dd>{t(payoutMethodKeys[payout.method])}</dd>
            {payout.reference ? (
              <>
                <dt className="text-muted-foreground">{t('payouts.history.reference')}</dt>
                <dd className="font-mono text-xs leading-5 wrap-anywhere">{payout.reference}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <Skeleton className="h-16 w-64" />
        )}
        {data ? (
          <dl className="grid" data-testid="statement-lines">
            {statementLines(data, t).map((line) => (
              <div
                key={line.id}
                className={cn(
                  'flex items-baseline justify-between gap-4 py-2',
                  line.total && 'border-y font-semibold',
                  line.detail && 'ps-4 text-sm text-muted-foreground',
                )}
                data-testid={`statement-${line.id}`}
              >
                <dt className="min-w-0 wrap-anywhere">{line.label}</dt>
                <dd
                  className={cn(
                    'shrink-0 tabular-nums',
                    line.total && line.amount < 0 && 'text-destructive',
                  )}
                  data-testid="statement-amount"
                >
                  {formatKrwAmount(line.amount, language)}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton className="h-72 w-full" data-testid="statement-loading" />
        )}
      </article>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button onClick={() => window.print()} disabled={!data} data-testid="statement-print">
          <PrinterIcon aria-hidden="true" />
          {t('payouts.statement.print')}
        </Button>
        <Button
          variant="outline"
          onClick={() => exportStatement.mutate(payoutId)}
          disabled={!data || exportStatement.isPending}
          data-testid="statement-export"
        >
          <DownloadIcon aria-hidden="true" />
          {exportStatement.isPending
            ? t('payouts.ledger.exporting')
            : t('payouts.statement.download')}
        </Button>
      </div>
    </div>
  );
}
