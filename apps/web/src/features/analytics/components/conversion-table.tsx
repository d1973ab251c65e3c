import type { ConversionGroup, ConversionRow } from '@seller/contract/analytics/get-conversion';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { countryName } from '@/lib/display-names';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useConversion } from '../api/get-conversion';
import { formatConversion } from '../lib/analytics-period';

type TableGroup = Exclude<ConversionGroup, 'day'>;

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
  const rows = report.data?.rows ?? [];
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
            loading={report.isPending}
            rowCount={rows.length}
            placeholders={placeholders}
          >
            {rows.map((row) => (
              <TableRow key={row.key} data-testid="analytics-row">
                <TableCell className="max-w-72 truncate font-medium" title={labelOf(row)}>
                  {labelOf(row)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(row.views, language)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCount(row.sales, language)}
                </TableCell>
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
          <CardList loading={report.isPending} rowCount={rows.length} placeholders={placeholders}>
            {rows.map((row) => (
              <CardListItem key={row.key} data-testid="analytics-card">
                <p className="truncate font-medium">{labelOf(row)}</p>
                <CardFacts
                  facts={[
                    {
                      label: t('analytics.views'),
                      value: formatCount(row.views, language),
                      className: 'tabular-nums',
                    },
                    {
                      label: t('analytics.sales'),
                      value: formatCount(row.sales, language),
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
    </section>
  );
}
