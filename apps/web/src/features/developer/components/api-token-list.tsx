import type { ApiToken } from '@seller/contract/developer/api-token';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';

/**
 * The tokens that still work, newest first: name, scopes, when made and last used, and the
 * first characters of the token to tell them apart; each can be revoked after a confirmation.
 */
export function ApiTokenList() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const tokens = useApiTokens();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken({
    onSuccess: () => toast.success(t('developer.tokens.revoked')),
    onError: (error) => toast.error(errorMessage(t, error, t('developer.tokens.revokeFailed'))),
  });

  if (tokens.isPending) {
    return (
      <div className="grid gap-3" data-testid="api-tokens-loading">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (tokens.isError) {
    return (
      <ErrorAlert data-testid="api-tokens-load-error">
        {errorMessage(t, tokens.error, t('developer.tokens.loadFailed'))}
      </ErrorAlert>
    );
  }
  if (tokens.data.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed py-6 text-center text-sm text-muted-foreground"
        data-testid="api-tokens-empty"
      >
        {t('developer.tokens.empty')}
      </p>
    );
  }

  return (
    <>
      <ul className="grid gap-3" data-testid="api-token-list">
        {tokens.data.map((token) => (
          <li
            key={token.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4"
            data-testid="api-token"
          >
            <div className="grid min-w-0 flex-1 gap-2">
              <p className="flex min-w-0 items-center gap-2 font-medium">
                <KeyRoundIcon
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
                <span className="break-words" data-testid="api-token-name">
                  {token.name}
                </span>
              </p>
              <p className="text-sm">
                <span className="sr-only">{t('developer.tokens.prefix')}: </span>
                <code
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
                  data-testid="api-token-prefix"
                >
                  {token.prefix}…
                </code>
              </p>
              <ul className="flex flex-wrap gap-1.5" aria-label={t('developer.tokens.scopes')}>
                {token.scopes.map((scope) => (
                  <li key={scope}>
                    <Badge variant="secondary" className="font-mono">
                      {scope}
                    </Badge>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">
                {t('developer.tokens.createdAt', {
                  date: formatDateTime(token.createdAt, language),
                })}
                {' · '}
                <span data-testid="api-token-last-used">
                  {token.lastUsedAt
                    ? t('developer.tokens.lastUsedAt', {
                        date: formatDateTime(token.lastUsedAt, language),
                      })
                    : t('developer.tokens.neverUsed')}
                </span>
              </p>
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={t('developer.tokens.revokeNamed', { name: token.name })}
              disabled={revoke.isPending && revoke.variables === token.id}
              onClick={() => setRevoking(token)}
              data-testid="revoke-api-token"
            >
              {t('developer.tokens.revoke')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('developer.tokens.revokeTitle')}
        description={t('developer.tokens.revokeDescription', { name: revoking?.name ?? '' })}
        confirmLabel={t('developer.tokens.revoke')}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      />
    </>
  );
}
