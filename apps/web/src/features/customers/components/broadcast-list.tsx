import type { Broadcast } from '@seller/contract/customers/broadcast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/error-messages';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useBroadcasts } from '../api/list-broadcasts';

/** The seller's mails to buyers, newest first: whom each reached and left out, sent and failed. */
export function BroadcastList() {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [page, setPage] = useState(1);
  const list = useBroadcasts(page);
  const rows = list.data?.broadcasts ?? [];
  const pagination = list.data?.pagination;
  const placeholders = {
    loading: { text: t('customers.mail.list.loading'), testId: 'broadcasts-loading' },
    empty: { text: t('customers.mail.list.empty'), testId: 'broadcasts-empty' },
  };
  const count = (value: number) => formatCount(value);
  const kind = (broadcast: Broadcast) => t(`customers.mail.kind.${broadcast.kind}`);
  const excluded = (broadcast: Broadcast) =>
    count(
      broadcast.excluded.noConsent + broadcast.excluded.unsubscribed + broadcast.excluded.refunded,
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('customers.mail.list.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {list.isError ? (
          <ErrorAlert data-testid="broadcasts-error">
            {errorMessage(t, list.error, t('customers.mail.list.loadFailed'))}
          </ErrorAlert>
        ) : (
          <>
            {layout !== 'narrow' ? (
              <div className="hidden rounded-lg border md:block">
                <DataTable
                  data-testid="broadcasts-table"
                  columns={[
                    { id: 'subject', header: t('customers.mail.list.subject') },
                    { id: 'kind', header: t('customers.mail.list.kind') },
                    { id: 'date', header: t('customers.mail.list.date') },
                    {
                      id: 'recipients',
                      header: t('customers.mail.list.recipients'),
                      className: 'text-right',
                    },
                    {
                      id: 'excluded',
                      header: t('customers.mail.list.excluded'),
                      className: 'text-right',
                    },
                    { id: 'sent', header: t('customers.mail.list.sent'), className: 'text-right' },
                    {
                      id: 'failed',
                      header: t('customers.mail.list.failed'),
                      className: 'text-right',
                    },
                  ]}
                  loading={list.isPending}
                  rowCount={rows.length}
                  placeholders={placeholders}
                >
                  {rows.map((broadcast) => (
                    <TableRow key={broadcast.id} data-testid="broadcast-row">
                      <TableCell className="max-w-72 wrap-anywhere">{broadcast.subject}</TableCell>
                      <TableCell>{kind(broadcast)}</TableCell>
                      <TableCell>
                        <time dateTime={broadcast.createdAt}>
                          {formatDateTime(broadcast.createdAt, language)}
                        </time>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {count(broadcast.recipients)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {excluded(broadcast)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums" data-testid="broadcast-sent">
                        {count(broadcast.sent)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums" data-testid="broadcast-failed">
                        {count(broadcast.failed)}
                      </TableCell>
                    </TableRow>
                  ))}
                </DataTable>
              </div>
            ) : null}
            {layout !== 'wide' ? (
              <div className="md:hidden" data-testid="broadcasts-cards">
                <CardList
                  loading={list.isPending}
                  rowCount={rows.length}
                  placeholders={placeholders}
                >
                  {rows.map((broadcast) => (
                    <CardListItem key={broadcast.id} data-testid="broadcast-card">
                      <div className="grid min-w-0">
                        <span className="font-medium wrap-anywhere">{broadcast.subject}</span>
                        <span className="text-xs text-muted-foreground">
                          {kind(broadcast)} · {formatDateTime(broadcast.createdAt, language)}
                        </span>
                      </div>
                      <CardFacts
                        facts={[
                          {
                            label: t('customers.mail.list.recipients'),
                            value: count(broadcast.recipients),
                          },
                          { label: t('customers.mail.list.excluded'), value: excluded(broadcast) },
                          { label: t('customers.mail.list.sent'), value: count(broadcast.sent) },
                          {
                            label: t('customers.mail.list.failed'),
                            value: count(broadcast.failed),
                          },
                        ]}
                      />
                    </CardListItem>
                  ))}
                </CardList>
              </div>
            ) : null}
            {pagination && pagination.totalPages > 1 ? (
              <Pagination
                page={pagination.page}
                totalPages={pagination.totalPages}
                from={Math.min((pagination.page - 1) * pagination.limit + 1, pagination.total)}
                to={Math.min(pagination.page * pagination.limit, pagination.total)}
                total={pagination.total}
                onPageChange={setPage}
                texts={{
                  label: t('customers.mail.list.pages'),
                  showing: (range) => t('customers.list.showing', range),
                  page: (current, pages) =>
                    t('customers.list.page', { page: current, totalPages: pages }),
                  previous: t('customers.list.previous'),
                  next: t('customers.list.next'),
                }}
                testIds={{ nav: 'broadcasts-pagination', page: 'broadcasts-page' }}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
