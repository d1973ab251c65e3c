import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';

/**
 * A sales list that could not be read: why (the API's message, else `fallback`) and a button
 * to try again. Shown instead of the list, never as an empty one. `testId` names the alert
 * (`-error`) and its button (`-retry`).
 */
export function ListLoadFailed({
  query,
  fallback,
  testId,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  fallback: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ErrorAlert data-testid={`${testId}-error`}>
      <p>{errorMessage(t, query.error, fallback)}</p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
        data-testid={`${testId}-retry`}
      >
        {t('sales.transactions.retry')}
      </Button>
    </ErrorAlert>
  );
}
