import type { SaleDelivery } from '@seller/contract/sales/get-sale';
import type { Transaction } from '@seller/contract/sales/get-transactions';
import { RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CardList, CardListItem } from '@/components/card-list';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useResetSaleDownloads } from '../api/reset-sale-downloads';
import { type DownloadAllowance, saleDownloadLimit } from '../lib/download-allowance';
import { DownloadCount } from './download-count';

/**
 * A sale's downloads: the count against what the product gives the sale, the reset of that
 * count (asked first), and every download link the buyer was given, newest first (a reset keeps
 * them). `allowance` is the product's; while it loads, its place is kept.
 */
export function SaleDownloads({
  sale,
  deliveries,
  allowance,
  allowancePending,
}: {
  sale: Transaction;
  deliveries: readonly SaleDelivery[];
  allowance: DownloadAllowance | undefined;
  allowancePending: boolean;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [confirming, setConfirming] = useState(false);
  const reset = useResetSaleDownloads({
    onSuccess: () => toast.success(t('sales.detail.resetSuccess')),
    onError: (error) => toast.error(errorMessage(t, error, t('sales.detail.resetFailed'))),
  });
  const nothingCounted = sale.download_count === 0;
  const placeholders = {
    loading: { text: t('sales.transactions.loading') },
    empty: { text: t('sales.detail.downloadsEmpty'), testId: 'downloads-empty' },
  };

  return (
    <Card className="gap-4" data-testid="sale-downloads">
      <CardHeader>
        <CardTitle>{t('sales.detail.downloadsTitle')}</CardTitle>
        <CardDescription>{t('sales.detail.downloadsDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('sales.transactions.downloads')}</dt>
            <dd>
              {allowancePending ? (
                <Skeleton className="h-7 w-20" />
              ) : (
                <DownloadCount
                  count={sale.download_count}
                  limit={allowance ? saleDownloadLimit(allowance) : undefined}
                  lastAt={sale.last_download_at}
                  valueClassName="text-xl font-semibold"
                />
              )}
            </dd>
            {allowance ? (
              <>
                <dt className="text-muted-foreground">{t('sales.detail.limit')}</dt>
                <dd className="tabular-nums" data-testid="download-limit-per-file">
                  {allowance.perFile === 0 ? t('sales.detail.unlimited') : allowance.perFile}
                </dd>
              </>
            ) : null}
          </dl>
          <Button
            type="button"
            variant="outline"
            onClick={() => setConfirming(true)}
            disabled={nothingCounted || reset.isPending}
            aria-describedby={nothingCounted ? 'reset-downloads-note' : undefined}
            data-testid="reset-downloads"
          >
            <RotateCcwIcon aria-hidden="true" />
            {reset.isPending ? t('sales.detail.resetting') : t('sales.detail.reset')}
          </Button>
        </div>
        {nothingCounted ? (
          <p id="reset-downloads-note" className="text-sm text-muted-foreground">
            {t('sales.detail.nothingToReset')}
          </p>
        ) : null}

        {layout !== 'narrow' ? (
          <div className="hidden rounded-lg border md:block">
            <DataTable
              data-testid="deliveries-table"
              columns={[
                { id: 'file', header: t('sales.detail.file') },
                { id: 'at', header: t('sales.detail.downloadedAt') },
              ]}
              rowCount={deliveries.length}
              placeholders={placeholders}
            >
              {deliveries.map((delivery) => (
                <TableRow key={delivery.id} data-testid="delivery-row">
                  <TableCell className="max-w-96 truncate" title={delivery.fileName}>
                    <span data-testid="delivery-file">{delivery.fileName}</span>
                  </TableCell>
                  <TableCell className="tabular-nums">
                    <time dateTime={delivery.createdAt}>
                      {formatDateTime(delivery.createdAt, language)}
                    </time>
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
          </div>
        ) : null}
        {layout !== 'wide' ? (
          <div className="md:hidden" data-testid="deliveries-cards">
            <CardList loading={false} rowCount={deliveries.length} placeholders={placeholders}>
              {deliveries.map((delivery) => (
                <CardListItem key={delivery.id} className="gap-1" data-testid="delivery-card">
                  <span className="font-medium wrap-anywhere" data-testid="delivery-file">
                    {delivery.fileName}
                  </span>
                  <time
                    dateTime={delivery.createdAt}
                    className="text-muted-foreground tabular-nums"
                  >
                    {formatDateTime(delivery.createdAt, language)}
                  </time>
                </CardListItem>
              ))}
            </CardList>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sales.detail.resetTitle')}
        description={t('sales.detail.resetDescription')}
        confirmLabel={t('sales.detail.reset')}
        testIds={{ dialog: 'reset-downloads-dialog', confirm: 'reset-downloads-confirm' }}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate(sale.purchase_id);
        }}
      />
    </Card>
  );
}
