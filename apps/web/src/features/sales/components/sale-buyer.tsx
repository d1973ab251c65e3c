import type { SaleBuyer as SaleBuyerFacts } from '@seller/contract/sales/get-sale';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { countryName, languageName } from '@/lib/display-names';

/**
 * The buyer of a sale as the member site told of them: name, country, language, whether they
 * agreed to news at checkout, where they came from. `customerLink` leads to their customer page.
 */
export function SaleBuyer({
  buyer,
  customerLink,
}: {
  buyer: SaleBuyerFacts;
  customerLink?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const notTold = <span className="text-muted-foreground">{t('sales.detail.buyer.notTold')}</span>;
  const consent =
    buyer.marketingConsent === null
      ? notTold
      : t(
          buyer.marketingConsent
            ? 'sales.detail.buyer.consentGranted'
            : 'sales.detail.buyer.consentNotGiven',
        );
  const facts: { id: string; label: string; value: ReactNode }[] = [
    { id: 'name', label: t('sales.detail.buyer.name'), value: buyer.name ?? notTold },
    {
      id: 'country',
      label: t('sales.detail.buyer.country'),
      value: buyer.country ? countryName(buyer.country, language) : notTold,
    },
    {
      id: 'locale',
      label: t('sales.detail.buyer.locale'),
      value: buyer.locale ? languageName(buyer.locale, language) : notTold,
    },
    { id: 'consent', label: t('sales.detail.buyer.consent'), value: consent },
    {
      id: 'source',
      label: t('sales.detail.buyer.source'),
      value:
        [buyer.source, buyer.utmSource, buyer.utmMedium].filter(Boolean).join(' · ') || notTold,
    },
    {
      id: 'campaign',
      label: t('sales.detail.buyer.campaign'),
      value: buyer.utmCampaign ?? notTold,
    },
  ];
  return (
    <Card data-testid="sale-buyer">
      <CardHeader>
        <CardTitle>{t('sales.detail.buyer.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          {facts.map((fact) => (
            <Fragment key={fact.id}>
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="wrap-anywhere" data-testid={`sale-buyer-${fact.id}`}>
                {fact.value}
              </dd>
            </Fragment>
          ))}
        </dl>
        {customerLink}
      </CardContent>
    </Card>
  );
}
