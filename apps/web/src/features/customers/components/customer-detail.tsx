import { ArrowLeftIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SkeletonStack } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { countryName, languageName } from '@/lib/display-names';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { formatDateTime, formatLongDate } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useCustomer } from '../api/get-customer';
import { ConsentBadge } from './consent-badge';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline wrap-anywhere';

/** /customers/{customerId}: one buyer, what they are worth and consented to, and their sales. */
export function CustomerDetail({ customerId }: { customerId: string }) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const query = useCustomer(customerId);
  const back = (
    <Link
      to={paths.customers.href()}
      className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      data-testid="back-to-customers"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('customers.detail.back')}
    </Link>
  );
  if (query.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
        {back}
        <ErrorAlert data-testid="customer-error">
          {errorMessage(t, query.error, t('customers.detail.loadFailed'))}
        </ErrorAlert>
      </div>
    );
  }
  const detail = query.data;
  if (!detail) {
    return (
      <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6" aria-busy="true">
        {back}
        <div data-testid="customer-loading">
          <SkeletonStack className="gap-6" bars={['h-10 w-64', 'h-48 w-full rounded-xl']} />
        </div>
      </div>
    );
  }
  const { customer, sales } = detail;
  const facts: { id: string; label: string; value: ReactNode }[] = [
    { id: 'email', label: t('customers.detail.email'), value: customer.email },
    {
      id: 'country',
      label: t('customers.list.country'),
      value: customer.country ? countryName(customer.country, language) : '—',
    },
    {
      id: 'locale',
      label: t('customers.detail.locale'),
      value: customer.locale ? languageName(customer.locale, language) : '—',
    },
    {
      id: 'purchases',
      label: t('customers.list.purchases'),
      value: formatCount(customer.purchases),
    },
    {
      id: 'totalNet',
      label: t('customers.list.totalNet'),
      value: formatKrwAmount(customer.totalNet, language),
    },
    {
      id: 'first',
      label: t('customers.detail.firstPurchase'),
      value: formatLongDate(customer.firstPurchaseAt, language),
    },
    {
      id: 'last',
      label: t('customers.list.lastPurchase'),
      value: formatLongDate(customer.lastPurchaseAt, language),
    },
    {
      id: 'consent',
      label: t('customers.list.consent'),
      value: <ConsentBadge consent={customer.marketingConsent} />,
    },
    {
      id: 'updates',
      label: t('customers.detail.productUpdates'),
      value: t(
        customer.productUpdates ? 'customers.detail.updatesOn' : 'customers.detail.updatesOff',
      ),
    },
  ];
  const placeholders = {
    loading: { text: t('customers.list.loading'), testId: 'customer-sales-loading' },
    empty: { text: t('customers.detail.noSales'), testId: 'customer-sales-empty' },
  };
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6" data-testid="customer-detail">
      {back}
      <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">
        {customer.name ?? customer.email}
      </h1>
      <Card>
        <CardContent>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
            {facts.map((fact) => (
              <Fragment key={fact.id}>
                <dt className="text-muted-foreground">{fact.label}</dt>
                <dd className="wrap-anywhere" data-testid={`customer-${fact.id}`}>
                  {fact.value}
                </dd>
              </Fragment>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('customers.detail.salesTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          {layout !== 'narrow' ? (
            <div className="hidden rounded-lg border md:block">
              <DataTable
                data-testid="customer-sales-table"
                columns={[
                  { id: 'date', header: t('customers.detail.saleDate') },
                  { id: 'product', header: t('customers.list.product') },
                  { id: 'amount', header: t('customers.detail.amount'), className: 'text-right' },
                  { id: 'open', header: t('customers.detail.sale') },
                ]}
                loading={false}
                rowCount={sales.length}
                placeholders={placeholders}
              >
                {sales.map((sale) => (
                  <TableRow key={sale.purchase_id} data-testid="customer-sale-row">
                    <TableCell>
                      <time dateTime={sale.purchase_date}>
                        {formatDateTime(sale.purchase_date, language)}
                      </time>
                    </TableCell>
                    <TableCell className="max-w-64 wrap-anywhere">{sale.product_title}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatKrwAmount(sale.purchase_price, language)}
                    </TableCell>
                    <TableCell>
                      <Link to={paths.sale.href(sale.purchase_id)} className={linkClass}>
                        {t('customers.detail.openSale')}
                      </Link>
                    </TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </div>
          ) : null}
          {layout !== 'wide' ? (
            <div className="md:hidden">
              <CardList loading={false} rowCount={sales.length} placeholders={placeholders}>
                {sales.map((sale) => (
                  <CardListItem key={sale.purchase_id} data-testid="customer-sale-card">
                    <Link to={paths.sale.href(sale.purchase_id)} className={linkClass}>
                      {sale.product_title}
                    </Link>
                    <CardFacts
                      facts={[
                        {
                          label: t('customers.detail.saleDate'),
                          value: formatDateTime(sale.purchase_date, language),
                        },
                        {
                          label: t('customers.detail.amount'),
                          value: formatKrwAmount(sale.purchase_price, language),
                        },
                      ]}
                    />
                  </CardListItem>
                ))}
              </CardList>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
