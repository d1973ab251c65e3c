import type { SaleEvidence as Sheet } from '@seller/contract/sales/get-sale-evidence';
import {
  type EvidenceSheetLanguage,
  evidenceSheetLanguages,
} from '@seller/contract/sales/get-sale-evidence-pdf';
import { DownloadIcon, FileCheckIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SkeletonStack } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { formatFileSize } from '@/lib/format-intl';
import { useSaleEvidence } from '../api/get-sale-evidence';
import { useDownloadEvidencePdf } from '../api/get-sale-evidence-pdf';

function EvidenceSummary({ sheet }: { sheet: Sheet }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const { summary } = sheet;
  const facts = [
    {
      id: 'first',
      label: t('sales.evidence.firstDelivery'),
      value: summary.firstDeliveryAt
        ? formatDateTime(summary.firstDeliveryAt, language)
        : t('sales.evidence.neverDelivered'),
    },
    {
      id: 'samples',
      label: t('sales.evidence.samplesOffered'),
      value:
        sheet.samplesOffered.length === 0
          ? t('sales.evidence.none')
          : sheet.samplesOffered
              .map((sample) =>
                sample.kind === 'pdf_pages'
                  ? t('sales.evidence.samplePages', {
                      name: sample.fileName,
                      count: sample.pages ?? 0,
                      pages: sample.pages ?? 0,
                    })
                  : sample.fileName,
              )
              .join(', '),
    },
    {
      id: 'never',
      label: t('sales.evidence.filesNeverDownloaded'),
      value:
        summary.filesNeverDownloaded.length === 0
          ? t('sales.evidence.none')
          : summary.filesNeverDownloaded.map((file) => file.fileName).join(', '),
    },
    {
      id: 'refunds',
      label: t('sales.evidence.refunds'),
      value:
        summary.refunds.length === 0
          ? t('sales.evidence.none')
          : summary.refunds
              .map(
                (refund) =>
                  `${formatKrwAmount(refund.amount, language)} · ${formatDateTime(refund.refundedAt, language)}`,
              )
              .join(', '),
    },
    { id: 'hash', label: t('sales.evidence.sheetHash'), value: sheet.sheet.sha256 },
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {facts.map((fact) => (
        <Fragment key={fact.id}>
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd
            className={`mb-2 wrap-anywhere sm:mb-0 ${fact.id === 'hash' ? 'font-mono text-xs' : ''}`}
            data-testid={`evidence-${fact.id}`}
          >
            {fact.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function EvidenceDeliveries({ sheet }: { sheet: Sheet }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  if (sheet.deliveries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="evidence-deliveries-empty">
        {t('sales.evidence.deliveriesEmpty')}
      </p>
    );
  }
  return (
    <ol className="grid gap-2" data-testid="evidence-deliveries">
      {sheet.deliveries.map((delivery, index) => (
        <li
          // Deliveries have no id of their own; their order (oldest first) is fixed.
          // biome-ignore lint/suspicious/noArrayIndexKey: the sheet's rows never reorder.
          key={index}
          className="grid gap-1 rounded-md border px-3 py-2 text-sm"
          data-testid="evidence-delivery"
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <time className="tabular-nums" dateTime={delivery.at}>
              {formatDateTime(delivery.at, language)}
            </time>
            <span className="min-w-0 font-medium wrap-anywhere">{delivery.fileName}</span>
            <span className="text-muted-foreground">
              {delivery.version === null
                ? t('sales.evidence.versionUnknown')
                : t('sales.evidence.version', { number: delivery.version })}
            </span>
            <span className="text-muted-foreground">{formatFileSize(delivery.size, language)}</span>
            {delivery.stamped ? (
              <span className="text-muted-foreground">{t('sales.evidence.stamped')}</span>
            ) : null}
          </div>
          <span className="font-mono text-xs text-muted-foreground wrap-anywhere">
            SHA-256 {delivery.sha256 ?? '—'}
          </span>
          <span className="text-xs text-muted-foreground wrap-anywhere">
            {[delivery.country, delivery.networkPrefix, delivery.userAgent]
              .filter((part) => part !== null)
              .join(' · ') || t('sales.evidence.noBrowser')}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Each language the printed sheet is written in, named in itself. */
const sheetLanguageNames: Record<EvidenceSheetLanguage, string> = {
  ko: '한국어',
  zh: '中文',
  en: 'English',
};

/** The printable sheet, one button per language it is written in. */
function EvidencePdfButtons({ purchaseId }: { purchaseId: string }) {
  const { t } = useTranslation();
  const download = useDownloadEvidencePdf({
    onError: (error) => toast.error(errorMessage(t, error, t('sales.evidence.pdfFailed'))),
  });
  return (
    <div className="flex flex-wrap gap-2" data-testid="evidence-pdf">
      {evidenceSheetLanguages.map((language) => (
        <Button
          key={language}
          type="button"
          variant="outline"
          size="sm"
          lang={language}
          disabled={download.isPending}
          onClick={() => download.mutate({ purchaseId, language })}
          aria-label={t('sales.evidence.downloadPdfIn', { language: sheetLanguageNames[language] })}
        >
          <DownloadIcon aria-hidden="true" />
          {t('sales.evidence.pdf', { language: sheetLanguageNames[language] })}
        </Button>
      ))}
    </div>
  );
}

/**
 * The sale's delivery evidence for a refund dispute after a download: asked for when the
 * seller opens it, then its summary (first delivery, samples offered, files never downloaded,
 * refunds, the sheet's hash) and every delivery with its version and the served bytes' hash.
 */
export function SaleEvidence({ purchaseId }: { purchaseId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useSaleEvidence(purchaseId, open);

  let body: React.ReactNode = null;
  if (open) {
    if (query.isPending) {
      body = (
        <div data-testid="evidence-loading">
          <SkeletonStack className="gap-2" bars={['h-24 w-full', 'h-16 w-full']} />
        </div>
      );
    } else if (query.isError) {
      body = (
        <ErrorAlert data-testid="evidence-error">
          {errorMessage(t, query.error, t('sales.evidence.loadFailed'))}
        </ErrorAlert>
      );
    } else {
      body = (
        <div className="grid gap-4" data-testid="evidence-sheet">
          <EvidencePdfButtons purchaseId={purchaseId} />
          <EvidenceSummary sheet={query.data} />
          <EvidenceDeliveries sheet={query.data} />
        </div>
      );
    }
  }

  return (
    <Card className="gap-4" data-testid="sale-evidence">
      <CardHeader>
        <CardTitle>{t('sales.evidence.title')}</CardTitle>
        <CardDescription>{t('sales.evidence.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {open ? null : (
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={() => setOpen(true)}
            data-testid="show-evidence"
          >
            <FileCheckIcon aria-hidden="true" />
            {t('sales.evidence.show')}
          </Button>
        )}
        {body}
      </CardContent>
    </Card>
  );
}
