import { countryCodes } from '@seller/contract/countries';
import { customerSorts, marketingConsents } from '@seller/contract/customers/customer';
import { SearchIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { countryName } from '@/lib/display-names';
import type { CustomerListView } from '../lib/customers-search-params';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** A labelled native select: light, and the phone's own picker on touch screens. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The customers list's search, filters (a product bought, country, consent) and sort. Every
 * change goes back to the first page.
 */
export function CustomerListControls({
  view,
  products,
  onChange,
}: {
  view: CustomerListView;
  products: readonly { id: string; title: string }[];
  onChange: (change: Partial<CustomerListView>) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const searchId = useId();
  const countries = useMemo(
    () =>
      countryCodes
        .map((code) => ({ value: code, label: countryName(code, language) }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [language],
  );
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))] md:items-end">
      <div className="grid min-w-0 gap-1">
        <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
          {t('customers.list.search')}
        </label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            defaultValue={view.query}
            placeholder={t('customers.list.searchPlaceholder')}
            className="h-10 pl-9"
            data-testid="customers-search"
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChange({ query: event.currentTarget.value.trim() });
            }}
            onBlur={(event) => {
              const query = event.currentTarget.value.trim();
              if (query !== view.query) onChange({ query });
            }}
          />
        </div>
      </div>
      <FilterSelect
        label={t('customers.list.product')}
        value={view.productId}
        options={[
          { value: '', label: t('customers.list.allProducts') },
          ...products.map((product) => ({ value: product.id, label: product.title })),
        ]}
        onChange={(productId) => onChange({ productId })}
        testId="customers-product"
      />
      <FilterSelect
        label={t('customers.list.country')}
        value={view.country}
        options={[{ value: '', label: t('customers.list.allCountries') }, ...countries]}
        onChange={(country) => onChange({ country })}
        testId="customers-country"
      />
      <FilterSelect
        label={t('customers.list.consent')}
        value={view.consent}
        options={[
          { value: '', label: t('customers.list.anyConsent') },
          ...marketingConsents.map((consent) => ({
            value: consent,
            label: t(`customers.consent.${consent}`),
          })),
        ]}
        onChange={(consent) => onChange({ consent: consent as CustomerListView['consent'] })}
        testId="customers-consent"
      />
      <FilterSelect
        label={t('customers.list.sortLabel')}
        value={view.sort}
        options={customerSorts.map((sort) => ({
          value: sort,
          label: t(`customers.list.sort.${sort}`),
        }))}
        onChange={(sort) => onChange({ sort: sort as CustomerListView['sort'] })}
        testId="customers-sort"
      />
    </div>
  );
}
