import type { ConversionGroup, ConversionRow } from '@seller/contract/analytics/get-conversion';
import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/class-names';
import { countryName } from '@/lib/display-names';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useConversion } from '../api/get-conversion';
import { formatConversion } from '../lib/analytics-period';

type TableGroup = Exclude<ConversionGroup, 'day'>;

/**
 * Rows shown until the seller asks for all: the period's leaders (the report comes sorted by
 * sales, then views). On a phone fifty products' cards would stand between the chart and the
 * sources; and the page renders and lays out a fifth of them.
 */
const leadingRows = 10;

/** Views, sales, revenue and conversion per product, source, campaign or country of a period. */
export function ConversionTable({
  group,
  from,
  to,
}: {
  group: TableGroup;
  from: string;
  to: string;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const report = useConversion({ from, to, groupBy: group });
  const drawn = useDrawnLater(report);
  const allRows = drawn.data?.rows ?? [];
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? allRows : allRows.slice(0, leadingRows);
  const labelOf = (row: ConversionRow): string => {
    if (group === 'country') {
      return row.key === '' ? t('analytics.unknownCountry') : countryName(row.key, language);
    }
    if (row.key !== '') return row.label;
    return group === 'source' ? t('analytics.direct') : t('analytics.noCampaign');
  };
  const placeholders = {
    loading: { text: t('analytics.loading') },
    empty: {
      text: report.isError
        ? errorMessage(t, report.error, t('analytics.unavailable'))
        : t('analytics.empty'),
      testId: `analytics-${group}-empty`,
    },
  };
  const title = t(`analytics.by.${group}`);
  return (
    <section className="grid gap-3" data-testid={`analytics-${group}`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {layout !== 'narrow' ? (
        <div className="hidden rounded-lg border md:block">
          <DataTable
            columns={[
              { id: 'label', header: t(`analytics.column.${group}`) },
              { id: 'views', header: t('analytics.views'), className: 'text-right' },
              { id: 'sales', header: t('analytics.sales'), className: 'text-right' },
              { id: 'revenue', header: t('analytics.revenue'), className: 'text-right' },
              { id: 'conversion', header: t('analytics.conversion'), className: 'text-right' },
            ]}
            loading={drawn.isPending}
            rowCount={rows.length}
            placeholders={placeholders}
          >
            {rows.map((row) => (
              <TableRow key={row.key} data-testid="analytics-row">
                <TableCell className="max-w-72 truncate font-medium" title={labelOf(row)}>
                  {labelOf(row)}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(row.views)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(row.sales)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatKrwAmount(row.revenue, language)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatConversion(row.conversion, language)}
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        </div>
      ) : null}
      {layout !== 'wide' ? (
        <div className="md:hidden">
          <CardList loading={drawn.isPending} rowCount={rows.length} placeholders={placeholders}>
            {rows.map((row) => (
              <CardListItem key={row.key} data-testid="analytics-card">
                <p className="truncate font-medium">{labelOf(row)}</p>
                <CardFacts
                  facts={[
                    {
                      label: t('analytics.views'),
                      value: formatCount(row.views),
                      className: 'tabular-nums',
                    },
                    {
                      label: t('analytics.sales'),
                      value: formatCount(row.sales),
                      className: 'tabular-nums',
                    },
                    {
                      label: t('analytics.revenue'),
                      value: formatKrwAmount(row.revenue, language),
                      className: 'tabular-nums',
                    },
                    {
                      label: t('analytics.conversion'),
                      value: formatConversion(row.conversion, language),
                      className: 'tabular-nums',
                    },
                  ]}
                />
              </CardListItem>
            ))}
          </CardList>
        </div>
      ) : null}
      {allRows.length > leadingRows ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={showAll}
          onClick={() => setShowAll((shown) => !shown)}
          data-testid={`analytics-${group}-all`}
        >
          <ChevronDownIcon
            aria-hidden="true"
            className={cn('transition-transform', showAll && 'rotate-180')}
          />
          {showAll ? t('analytics.showLeading') : t('analytics.showAll', { count: allRows.length })}
        </Button>
      ) : null}
    </section>
  );
}
