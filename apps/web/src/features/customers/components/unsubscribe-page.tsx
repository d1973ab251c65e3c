import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * What the page a buyer's mail links to shows: one button that unsubscribes, then a
 * confirmation. Opening the page changes nothing (mail scanners follow links); no sign-in.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.data?.unsubscribed.kind;
  if (done) {
    return (
      <Alert data-testid="unsubscribe-done">
        <AlertDescription>{t(`unsubscribe.done.${done}`)}</AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('unsubscribe.explain')}</p>
      {unsubscribe.isError ? (
        <ErrorAlert data-testid="unsubscribe-error">
          {errorMessage(t, unsubscribe.error, t('unsubscribe.failed'))}
        </ErrorAlert>
      ) : null}
      <Button
        onClick={() => unsubscribe.mutate(token)}
        disabled={unsubscribe.isPending}
        data-testid="unsubscribe-confirm"
      >
        {unsubscribe.isPending ? t('unsubscribe.working') : t('unsubscribe.confirm')}
      </Button>
    </div>
  );
}
