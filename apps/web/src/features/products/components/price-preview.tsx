import type { ExchangeRate } from '@seller/contract/products/get-exchange-rate';
import { toCny, toKrw } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { ExchangeRateAgeWarning } from '@/components/exchange-rate-note';
import { formatMoney } from '@/lib/format';

/** The typed price in USD, KRW and CNY with the rate's date (create form). */
export function PricePreview({
  price,
  rate,
}: {
  price: number | null;
  rate: ExchangeRate | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <div
      className="grid gap-1 rounded-md bg-muted/60 px-3 py-2 text-sm"
      data-testid="price-preview"
    >
      <span className="font-medium">{t('products.form.pricePreview')}</span>
      {price && rate ? (
        <>
          <span className="tabular-nums">
            {formatMoney(price, 'USD', language)} ≈{' '}
            {formatMoney(toKrw(price, rate), 'KRW', language)} ·{' '}
            {formatMoney(toCny(price, rate), 'CNY', language)}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('products.form.rateDate', { date: rate.date })}
          </span>
          <ExchangeRateAgeWarning date={rate.date} />
        </>
      ) : (
        <span className="text-muted-foreground">{t('products.form.pricePreviewEmpty')}</span>
      )}
    </div>
  );
}
