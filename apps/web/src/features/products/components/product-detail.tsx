import { toCny, toKrw } from '@seller/contract/products/get-exchange-rate';
import type { ProductFile } from '@seller/contract/products/product';
import {
  ArrowLeftIcon,
  CalendarClockIcon,
  EyeIcon,
  FilesIcon,
  PencilIcon,
  ShoppingCartIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExchangeRateAgeWarning } from '@/components/exchange-rate-note';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton, SkeletonStack } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { downloadAs } from '@/lib/browser-download';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatMoney, localCurrency } from '@/lib/format';
import { formatShortDate } from '@/lib/format-date';
import { formatRelativeTime } from '@/lib/format-intl';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useDownloadFile } from '../api/get-download-url';
import { useExchangeRate } from '../api/get-exchange-rate';
import { useProduct } from '../api/get-product';
import { FileEvolution } from './file-evolution';
import { ProductFiles } from './product-files';
import { ShareBox } from './share-box';
import { StatusBadge } from './status-badge';
import { ThumbnailCarousel } from './thumbnail-carousel';

function StatTile({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  icon: typeof EyeIcon;
  testId: string;
}) {
  return (
    <div className="grid gap-1 rounded-lg border p-3">
      <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </span>
      <span className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function BackButton() {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" className="w-fit" asChild>
      <Link to={paths.products.href()} data-testid="back-to-products">
        <ArrowLeftIcon aria-hidden="true" />
        {t('products.detail.back')}
      </Link>
    </Button>
  );
}

/** /products/{productId}. The seller's nickname (for the share link) comes from the route. */
export function ProductDetailView({
  productId,
  nickname,
}: {
  productId: string;
  nickname: string | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const query = useProduct(productId);
  const drawn = useDrawnLater(query);
  const currency = localCurrency(language);
  const rate = useExchangeRate({ enabled: currency !== null });
  const download = useDownloadFile();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  if (drawn.isPending) {
    return (
      <div className="grid gap-6" data-testid="product-skeleton">
        <Skeleton className="h-9 w-40" />
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="aspect-video w-full" />
          <SkeletonStack
            className="content-start gap-3"
            bars={['h-8 w-2/3', 'h-5 w-1/3', 'h-10 w-1/2']}
          />
        </div>
      </div>
    );
  }
  if (query.isError || !drawn.data) {
    return (
      <div className="grid gap-6">
        <BackButton />
        <ErrorAlert data-testid="product-error">
          {errorMessage(t, query.error, t('error.loadFailed'))}
        </ErrorAlert>
      </div>
    );
  }

  const { product, files, thumbnails } = drawn.data;
  const deleted = product.status === 'deleted';

  const onDownload = async (file: ProductFile) => {
    setDownloadError(null);
    try {
      const url = await download.mutateAsync({ productId, fileId: file.id });
      // The storage answers with the original name too (Content-Disposition).
      downloadAs(url, file.file_original_name);
    } catch (error) {
      setDownloadError(errorMessage(t, error, t('products.detail.downloadFailed')));
    }
  };

  const converted =
    currency && rate.data
      ? currency === 'KRW'
        ? formatMoney(toKrw(product.price, rate.data), 'KRW', language)
        : formatMoney(toCny(product.price, rate.data), 'CNY', language)
      : null;

  return (
    // One column of `minmax(0, 1fr)` on phones: a long title (or an image's alt text while it
    // loads) wraps instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <BackButton />
      {deleted ? (
        <ErrorAlert data-testid="deleted-notice">{t('products.detail.deletedNotice')}</ErrorAlert>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ThumbnailCarousel thumbnails={thumbnails} title={product.title} />
        <div className="grid content-start gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-2">
              <h1
                className="text-2xl font-bold tracking-tight wrap-anywhere"
                data-testid="product-title"
              >
                {product.title}
              </h1>
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <StatusBadge status={product.status} />
                <span>
                  {t('products.detail.created', {
                    time: formatRelativeTime(product.created_at, language),
                  })}
                </span>
              </div>
            </div>
            {deleted ? (
              <Button variant="outline" disabled data-testid="edit-product">
                <PencilIcon aria-hidden="true" />
                {t('products.detail.edit')}
              </Button>
            ) : (
              <Button variant="outline" asChild>
                <Link to={paths.productEdit.href(product.id)} data-testid="edit-product">
                  <PencilIcon aria-hidden="true" />
                  {t('products.detail.edit')}
                </Link>
              </Button>
            )}
          </div>
          <div className="grid gap-0.5">
            <span className="text-sm text-muted-foreground">{t('products.detail.price')}</span>
            <span className="text-3xl font-bold tabular-nums" data-testid="product-price">
              {formatMoney(product.price, 'USD', language)}
            </span>
            {converted && rate.data ? (
              <span className="text-sm text-muted-foreground" data-testid="product-price-converted">
                {t('products.detail.approxPrice', { amount: converted })} ·{' '}
                {t('products.detail.rateDate', { date: rate.data.date })}
              </span>
            ) : currency && rate.isPending ? (
              // The converted price's place, kept while the rate is on its way.
              <Skeleton className="h-5 w-56 max-w-full" />
            ) : null}
            {converted && rate.data ? <ExchangeRateAgeWarning date={rate.data.date} /> : null}
          </div>
          <ShareBox nickname={nickname} productId={product.id} title={product.title} />
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile
          label={t('products.detail.views')}
          value={formatCount(product.view_count)}
          icon={EyeIcon}
          testId="stat-views"
        />
        <StatTile
          label={t('products.detail.sales')}
          value={formatCount(product.sales_count)}
          icon={ShoppingCartIcon}
          testId="stat-sales"
        />
        <StatTile
          label={t('products.detail.fileCount')}
          value={String(files.length)}
          icon={FilesIcon}
          testId="stat-files"
        />
        <StatTile
          label={t('products.detail.lastUpdate')}
          value={formatShortDate(product.updated_at, language)}
          icon={CalendarClockIcon}
          testId="stat-updated"
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.detail.description')}</CardTitle>
        </CardHeader>
        <CardContent>
          <p
            className="text-sm whitespace-pre-wrap break-words text-muted-foreground"
            data-testid="product-description"
          >
            {product.description || t('products.detail.noDescription')}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('products.detail.files')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {downloadError ? (
            <ErrorAlert data-testid="download-error">{downloadError}</ErrorAlert>
          ) : null}
          <ProductFiles
            files={files}
            onDownload={onDownload}
            downloadingId={download.isPending ? (download.variables?.fileId ?? null) : null}
          />
        </CardContent>
      </Card>

      <FileEvolution detail={drawn.data} />
    </div>
  );
}
