import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { formatDateTime } from '@/lib/format-date';

/**
 * A sale's downloads against what it may count ("2 / 5", "3 / ∞"), read out in words, with the
 * time of the last one under it when `lastAt` is given. `limit` null is unlimited; undefined is
 * not known (the product is no longer listed): the count alone.
 */
export function DownloadCount({
  count,
  limit,
  lastAt,
  className,
  valueClassName,
}: {
  count: number;
  limit: number | null | undefined;
  lastAt?: string | null | undefined;
  className?: string;
  /** Classes of the count itself (a larger figure on the sale's page), not of the time. */
  valueClassName?: string;
}) {
  const { t, i18n } = useTranslation();
  const used = String(count);
  const shown =
    limit === undefined
      ? used
      : limit === null
        ? t('sales.downloads.countUnlimited', { used })
        : t('sales.downloads.count', { used, limit: String(limit) });
  const spoken =
    limit === undefined
      ? undefined
      : limit === null
        ? t('sales.downloads.labelUnlimited', { used })
        : t('sales.downloads.label', { used, limit: String(limit) });
  return (
    <span className={cn('grid tabular-nums', className)} data-testid="download-count">
      <span
        className={cn(
          valueClassName,
          limit !== undefined && limit !== null && count >= limit && 'text-warning-foreground',
        )}
        data-testid="download-count-value"
      >
        {spoken ? (
          <>
            <span aria-hidden="true">{shown}</span>
            <span className="sr-only">{spoken}</span>
          </>
        ) : (
          shown
        )}
      </span>
      {lastAt ? (
        <time
          dateTime={lastAt}
          className="text-xs text-muted-foreground"
          data-testid="last-download"
        >
          {t('sales.downloads.last', { time: formatDateTime(lastAt, i18n.resolvedLanguage) })}
        </time>
      ) : null}
    </span>
  );
}
