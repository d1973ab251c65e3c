import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import type { CreatedApiToken } from '../api/create-api-token';
import { ApiTokenList } from './api-token-list';
import { CreateApiTokenForm } from './create-api-token-form';
import { OneTimeSecret } from './one-time-secret';

/**
 * Personal API tokens for the seller's own scripts: a new token's secret is shown once, above
 * the form that made it; below, the tokens that still work.
 */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  return (
    <Card className="min-w-0" data-testid="api-tokens-card">
      <CardHeader>
        <CardTitle>{t('developer.tokens.title')}</CardTitle>
        <CardDescription>{t('developer.tokens.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {created ? (
          <OneTimeSecret
            key={created.id}
            title={t('developer.tokens.createdTitle', { name: created.name })}
            note={t('developer.tokens.createdNote')}
            secret={created.token}
            texts={{ copy: t('developer.tokens.copy'), copied: t('developer.tokens.copied') }}
            testId="new-api-token"
            onDone={() => setCreated(null)}
          />
        ) : null}
        <CreateApiTokenForm onCreated={setCreated} />
        <Separator />
        <section aria-labelledby="api-token-list-title" className="grid gap-3">
          <h3 id="api-token-list-title" className="font-semibold">
            {t('developer.tokens.listTitle')}
          </h3>
          <ApiTokenList />
        </section>
      </CardContent>
    </Card>
  );
}
