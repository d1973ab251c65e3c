import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { toCny, toKrw } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { ExchangeRateAgeWarning } from '@/components/exchange-rate-note';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';

/** Where the exchange rate query is: its rate once here, and whether it is loading or failed. */
export interface PreviewRate {
  data: ExchangeRate | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The typed price in USD, KRW and CNY with the rate's date (create form). While the rate loads
 * it says so, and when it could not be loaded it says the price cannot be converted for now and
 * offers to try again.
 */
export function PricePreview({ price, rate }: { price: number | null; rate: PreviewRate }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const shown = rate.data;
  return (
    <div
      className="grid gap-1 rounded-md bg-muted/60 px-3 py-2 text-sm"
      data-testid="price-preview"
    >
      <span className="font-medium">{t('products.form.pricePreview')}</span>
      {!price ? (
        <span className="text-muted-foreground">{t('products.form.pricePreviewEmpty')}</span>
      ) : shown ? (
        <>
          <span className="tabular-nums">
            {formatMoney(price, 'USD', language)} ≈{' '}
            {formatMoney(toKrw(price, shown), 'KRW', language)} ·{' '}
            {formatMoney(toCny(price, shown), 'CNY', language)}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('products.form.rateDate', { date: shown.date })}
          </span>
          <ExchangeRateAgeWarning date={shown.date} />
        </>
      ) : rate.isError ? (
        <span className="flex flex-wrap items-center gap-2" data-testid="price-preview-no-rate">
          <span className="text-muted-foreground">{t('products.form.rateUnavailable')}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void rate.refetch()}
            disabled={rate.isFetching}
            data-testid="price-preview-retry"
          >
            {t('products.form.retry')}
          </Button>
        </span>
      ) : (
        <span className="text-muted-foreground" data-testid="price-preview-loading">
          {t('products.form.rateLoading')}
        </span>
      )}
    </div>
  );
}
