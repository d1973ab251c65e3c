import type { Customer } from '@seller/contract/customers/customer';
import { DownloadIcon, MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/layouts/page-header';
import { Pagination } from '@/components/pagination';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { countryName } from '@/lib/display-names';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { formatLongDate } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useExportCustomers } from '../api/export-customers';
import { useCustomers } from '../api/list-customers';
import { type CustomerListView, customerFilters } from '../lib/customers-search-params';
import { ConsentBadge } from './consent-badge';
import { CustomerListControls } from './customer-list-controls';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline wrap-anywhere';

/**
 * /customers: the seller's buyers with search, filters and sort (in the URL), a table on wide
 * screens and cards on phones, and the CSV of every buyer the filters match. `products` are the
 * seller's products for the product filter.
 */
export function CustomersPage({
  view,
  products,
  onViewChange,
}: {
  view: CustomerListView;
  products: readonly { id: string; title: string }[];
  onViewChange: (view: CustomerListView) => void;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const filters = customerFilters(view);
  const list = useCustomers({ ...filters, page: view.page });
  const exportCsv = useExportCustomers({
    onError: (error) => {
      console.warn('[customers] The export failed:', error.message);
      toast.error(t('customers.list.exportFailed'));
    },
  });
  const rows = list.data?.customers ?? [];
  const placeholders = {
    loading: { text: t('customers.list.loading'), testId: 'customers-loading' },
    empty: { text: t('customers.list.empty'), testId: 'customers-empty' },
  };
  const country = (customer: Customer) =>
    customer.country ? countryName(customer.country, language) : '—';
  const open = (customer: Customer) => (
    <Link to={paths.customer.href(customer.id)} className={linkClass}>
      {customer.name ?? customer.email}
    </Link>
  );
  const pagination = list.data?.pagination;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('customers.title')} subtitle={t('customers.subtitle')}>
        <div className="flex flex-wrap gap-2">
          <Button asChild data-testid="customers-write">
            <Link to={paths.customerMail.href()}>
              <MailIcon className="size-4" aria-hidden="true" />
              {t('customers.mail.open')}
            </Link>
          </Button>
          <Button
            variant="outline"
            onClick={() => exportCsv.mutate(filters)}
            disabled={exportCsv.isPending}
            data-testid="customers-export"
          >
            <DownloadIcon className="size-4" aria-hidden="true" />
            {exportCsv.isPending ? t('customers.list.exporting') : t('customers.list.export')}
          </Button>
        </div>
      </PageHeader>
      <CustomerListControls
        view={view}
        products={products}
        onChange={(change) => onViewChange({ ...view, ...change, page: 1 })}
      />
      <Card>
        <CardContent className="grid grid-cols-1 gap-4">
          {list.isError ? (
            <ErrorAlert data-testid="customers-error">
              {errorMessage(t, list.error, t('customers.list.loadFailed'))}
            </ErrorAlert>
          ) : (
            <>
              {layout !== 'narrow' ? (
                <div className="hidden rounded-lg border md:block">
                  <DataTable
                    data-testid="customers-table"
                    columns={[
                      { id: 'buyer', header: t('customers.list.buyer') },
                      { id: 'country', header: t('customers.list.country') },
                      {
                        id: 'purchases',
                        header: t('customers.list.purchases'),
                        className: 'text-right',
                      },
                      {
                        id: 'totalNet',
                        header: t('customers.list.totalNet'),
                        className: 'text-right',
                      },
                      { id: 'last', header: t('customers.list.lastPurchase') },
                      { id: 'consent', header: t('customers.list.consent') },
                    ]}
                    loading={list.isPending}
                    rowCount={rows.length}
                    placeholders={placeholders}
                  >
                    {rows.map((customer) => (
                      <TableRow key={customer.id} data-testid="customer-row">
                        <TableCell className="max-w-72">
                          <div className="grid">
                            {open(customer)}
                            {customer.name ? (
                              <span className="text-xs text-muted-foreground wrap-anywhere">
                                {customer.email}
                              </span>
                            ) : null}
                          </div>
                        </TableCell>
                        <TableCell>{country(customer)}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {formatCount(customer.purchases)}
                        </TableCell>
                        <TableCell className="text-right font-medium tabular-nums">
                          {formatKrwAmount(customer.totalNet, language)}
                        </TableCell>
                        <TableCell>
                          <time dateTime={customer.lastPurchaseAt}>
                            {formatLongDate(customer.lastPurchaseAt, language)}
                          </time>
                        </TableCell>
                        <TableCell>
                          <ConsentBadge consent={customer.marketingConsent} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </DataTable>
                </div>
              ) : null}
              {layout !== 'wide' ? (
                <div className="md:hidden" data-testid="customers-cards">
                  <CardList
                    loading={list.isPending}
                    rowCount={rows.length}
                    placeholders={placeholders}
                  >
                    {rows.map((customer) => (
                      <CardListItem key={customer.id} data-testid="customer-card">
                        <div className="flex items-start justify-between gap-3">
                          <div className="grid min-w-0">
                            {open(customer)}
                            {customer.name ? (
                              <span className="text-xs text-muted-foreground wrap-anywhere">
                                {customer.email}
                              </span>
                            ) : null}
                          </div>
                          <ConsentBadge consent={customer.marketingConsent} />
                        </div>
                        <CardFacts
                          facts={[
                            { label: t('customers.list.country'), value: country(customer) },
                            {
                              label: t('customers.list.purchases'),
                              value: formatCount(customer.purchases),
                            },
                            {
                              label: t('customers.list.totalNet'),
                              value: formatKrwAmount(customer.totalNet, language),
                            },
                            {
                              label: t('customers.list.lastPurchase'),
                              value: formatLongDate(customer.lastPurchaseAt, language),
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
                  onPageChange={(page) => onViewChange({ ...view, page })}
                  texts={{
                    label: t('customers.list.pages'),
                    showing: (range) => t('customers.list.showing', range),
                    page: (current, pages) =>
                      t('customers.list.page', { page: current, totalPages: pages }),
                    previous: t('customers.list.previous'),
                    next: t('customers.list.next'),
                  }}
                  testIds={{
                    nav: 'customers-pagination',
                    summary: 'customers-pagination-summary',
                    page: 'customers-pagination-page',
                  }}
                />
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
