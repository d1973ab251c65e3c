import type { DataExport } from '@seller/contract/auth/data-export';
import { DownloadIcon, LoaderCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SkeletonStack } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date';
import { useDataExport } from '../api/get-data-export';
import { useRequestDataExport } from '../api/request-data-export';

/** What the card says of the latest export: pending, ready with its link, expired or failed. */
function ExportState({ data, language }: { data: DataExport; language: string }) {
  const { t } = useTranslation();
  switch (data.status) {
    case 'pending':
      return (
        <p className="flex items-center gap-2 text-sm" role="status" data-testid="export-pending">
          <LoaderCircleIcon
            className="size-4 animate-spin motion-reduce:animate-none"
            aria-hidden="true"
          />
          {t('account.export.pending', { date: formatDateTime(data.requestedAt, language) })}
        </p>
      );
    case 'ready':
      return (
        <div className="grid gap-3" data-testid="export-ready">
          <p className="text-sm">{t('account.export.ready')}</p>
          <Button asChild className="w-full sm:w-fit">
            <a href={data.downloadUrl ?? undefined} download data-testid="export-download">
              <DownloadIcon aria-hidden="true" />
              {t('account.export.download')}
            </a>
          </Button>
          {data.expiresAt ? (
            <p className="text-sm text-muted-foreground">
              {t('account.export.expiresAt', { date: formatDateTime(data.expiresAt, language) })}
            </p>
          ) : null}
        </div>
      );
    case 'expired':
      return (
        <p className="text-sm text-muted-foreground" data-testid="export-expired">
          {t('account.export.expired', {
            date: formatDateTime(data.expiresAt ?? data.requestedAt, language),
          })}
        </p>
      );
    case 'failed':
      return <ErrorAlert data-testid="export-failed">{t('account.export.failed')}</ErrorAlert>;
  }
}

/**
 * "Download my data": asks for a ZIP file of everything the account holds, follows it while
 * it is built, and offers its link while it is kept (a day).
 */
export function DataExportCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const latest = useDataExport();
  const request = useRequestDataExport();
  const current = latest.data ?? null;
  const canAsk = !latest.isPending && current?.status !== 'pending';

  return (
    <Card className="min-w-0" data-testid="data-export-card">
      <CardHeader>
        <CardTitle as="h2">{t('account.export.title')}</CardTitle>
        <CardDescription>{t('account.export.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {latest.isPending ? <SkeletonStack bars={['h-4 w-72', 'h-9 w-44']} /> : null}
        {latest.isError ? <ErrorAlert>{t('account.export.loadFailed')}</ErrorAlert> : null}
        {request.isError ? (
          <ErrorAlert>
            {errorMessage(t, request.error, t('account.export.requestFailed'))}
          </ErrorAlert>
        ) : null}
        {request.isSuccess && current?.status === 'pending' ? (
          <Alert variant="success">
            <AlertDescription>{t('account.export.requested')}</AlertDescription>
          </Alert>
        ) : null}
        {current ? <ExportState data={current} language={language} /> : null}
        {canAsk ? (
          <Button
            variant={current?.status === 'ready' ? 'outline' : 'default'}
            className="w-full sm:w-fit"
            disabled={request.isPending}
            onClick={() => request.mutate()}
            data-testid="export-request"
          >
            {request.isPending
              ? t('account.export.requesting')
              : current
                ? t('account.export.requestAgain')
                : t('account.export.request')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
