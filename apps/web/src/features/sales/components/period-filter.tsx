import { type SalesPeriod, salesPeriods } from '@seller/contract/limits';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';

/** all, today, last 7 days, this month: a group of toggle buttons (one pressed, or none while one day is shown). */
export function PeriodFilter({
  value,
  onChange,
}: {
  value: SalesPeriod | null;
  onChange: (period: SalesPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap items-center gap-2" data-testid="period-filter">
      <legend className="sr-only">{t('sales.period.label')}</legend>
      <div className="inline-flex flex-wrap rounded-lg bg-muted p-1">
        {salesPeriods.map((period) => {
          const active = period === value;
          return (
            <button
              key={period}
              type="button"
              aria-pressed={active}
              data-period={period}
              onClick={() => {
                if (!active) onChange(period);
              }}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50',
                active
                  ? 'bg-background text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`sales.period.${period}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
