import type { SecurityEvent } from '@seller/contract/auth/get-activity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date';
import { useActivity } from '../api/get-activity';

/** Events a page; the security page asks for the first page at once with the same size. */
export const activityPageSize = 10;

/** The account's security activity, newest first, ten events a page. */
export function ActivityCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [page, setPage] = useState(1);
  const activity = useActivity(page, activityPageSize);
  const rows = activity.data?.events ?? [];
  const totalPages = activity.data?.pagination.totalPages ?? 0;
  const placeholders = {
    loading: { text: t('account.activity.loading'), testId: 'activity-loading' },
    empty: { text: t('account.activity.empty'), testId: 'activity-empty' },
  };
  const what = (event: SecurityEvent) => t(`account.activity.types.${event.type}`);
  const device = (event: SecurityEvent) =>
    event.browser || event.os
      ? t('account.sessions.device', {
          browser: event.browser ?? t('account.sessions.unknownBrowser'),
          os: event.os ?? t('account.sessions.unknownSystem'),
        })
      : '—';
  const when = (value: string) => formatDateTime(value, language);

  return (
    <Card data-testid="activity-card">
      <CardHeader>
        <CardTitle>{t('account.activity.title')}</CardTitle>
        <CardDescription>{t('account.activity.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        {activity.isError ? (
          <ErrorAlert data-testid="activity-load-error">
            {errorMessage(t, activity.error, t('account.activity.loadFailed'))}
          </ErrorAlert>
        ) : (
          <>
            <div className="hidden rounded-lg border md:block">
              <DataTable
                data-testid="activity-table"
                columns={[
                  { id: 'event', header: t('account.activity.event') },
                  { id: 'at', header: t('account.activity.at') },
                  { id: 'device', header: t('account.sessions.deviceColumn') },
                  { id: 'ip', header: t('account.sessions.address') },
                ]}
                loading={activity.isPending}
                rowCount={rows.length}
                placeholders={placeholders}
              >
                {rows.map((event, index) => (
                  <TableRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id; a page is replaced whole, never reordered
                    key={`${event.at}-${index}`}
                    data-testid="activity-row"
                    data-event-type={event.type}
                  >
                    <TableCell className="font-medium">{what(event)}</TableCell>
                    <TableCell className="tabular-nums">{when(event.at)}</TableCell>
                    <TableCell>{device(event)}</TableCell>
                    <TableCell className="font-mono text-xs">{event.ip ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </div>
            <div className="md:hidden" data-testid="activity-cards">
              <CardList
                loading={activity.isPending}
                rowCount={rows.length}
                placeholders={placeholders}
              >
                {rows.map((event, index) => (
                  <CardListItem
                    // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id; a page is replaced whole, never reordered
                    key={`${event.at}-${index}`}
                    data-testid="activity-item"
                    data-event-type={event.type}
                  >
                    <span className="font-medium">{what(event)}</span>
                    <CardFacts
                      facts={[
                        {
                          label: t('account.activity.at'),
                          value: when(event.at),
                          className: 'tabular-nums',
                        },
                        { label: t('account.sessions.deviceColumn'), value: device(event) },
                        {
                          label: t('account.sessions.address'),
                          value: event.ip ?? '—',
                          className: 'font-mono text-xs break-all',
                        },
                      ]}
                    />
                  </CardListItem>
                ))}
              </CardList>
            </div>
            <Pagination
              page={page}
              totalPages={totalPages}
              from={(page - 1) * activityPageSize + 1}
              to={(page - 1) * activityPageSize + rows.length}
              total={activity.data?.pagination.total ?? 0}
              onPageChange={setPage}
              texts={{
                label: t('account.activity.pages'),
                showing: (range) => t('account.activity.showing', range),
                page: (current, pages) =>
                  t('account.activity.page', { page: current, totalPages: pages }),
                previous: t('account.activity.previous'),
                next: t('account.activity.next'),
              }}
              testIds={{
                nav: 'activity-pagination',
                page: 'activity-page',
                next: 'activity-next',
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
