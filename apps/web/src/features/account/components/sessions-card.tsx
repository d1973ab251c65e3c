import type { Session } from '@seller/contract/auth/get-sessions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format-date';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { SessionDevice } from './session-device';

/**
 * The browsers signed in to the account: what they are, where from, first and last use. Each
 * other one can be signed out, or all of them at once, after a confirmation.
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const sessions = useSessions();
  const [revoking, setRevoking] = useState<Session | null>(null);
  const [revokingOthers, setRevokingOthers] = useState(false);
  const revoke = useRevokeSession({
    onSuccess: () => toast.success(t('account.sessions.revoked')),
    onError: (error) => toast.error(errorMessage(t, error, t('account.sessions.revokeFailed'))),
  });
  const revokeOthers = useRevokeOtherSessions({
    onSuccess: () => toast.success(t('account.sessions.othersRevoked')),
    onError: (error) => toast.error(errorMessage(t, error, t('account.sessions.revokeFailed'))),
  });

  const rows = sessions.data ?? [];
  const others = rows.filter((session) => !session.current).length;
  const placeholders = {
    loading: { text: t('account.sessions.loading'), testId: 'sessions-loading' },
    empty: { text: t('account.sessions.empty'), testId: 'sessions-empty' },
  };
  const when = (value: string) => formatDateTime(value, language);
  const signOutButton = (session: Session) =>
    session.current ? null : (
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        disabled={revoke.isPending && revoke.variables === session.id}
        onClick={() => setRevoking(session)}
        data-testid="revoke-session"
      >
        {t('account.sessions.signOut')}
      </Button>
    );

  return (
    <Card data-testid="sessions-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('account.sessions.title')}</CardTitle>
          {others > 0 ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={revokeOthers.isPending}
              onClick={() => setRevokingOthers(true)}
              data-testid="revoke-other-sessions"
            >
              {t('account.sessions.signOutOthers')}
            </Button>
          ) : null}
        </div>
        <CardDescription>{t('account.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        {sessions.isError ? (
          <ErrorAlert data-testid="sessions-load-error">
            {errorMessage(t, sessions.error, t('account.sessions.loadFailed'))}
          </ErrorAlert>
        ) : (
          <>
            <div className="hidden rounded-lg border md:block">
              {/* Fixed columns: the headers keep their places when the rows come in. */}
              <DataTable
                data-testid="sessions-table"
                className="table-fixed"
                columns={[
                  { id: 'device', header: t('account.sessions.deviceColumn') },
                  { id: 'ip', header: t('account.sessions.address'), className: 'w-32' },
                  { id: 'created', header: t('account.sessions.signedIn'), className: 'w-40' },
                  { id: 'lastUsed', header: t('account.sessions.lastUsed'), className: 'w-40' },
                  {
                    id: 'actions',
                    header: <span className="sr-only">{t('account.sessions.actions')}</span>,
                    className: 'w-36',
                  },
                ]}
                loading={sessions.isPending}
                rowCount={rows.length}
                placeholders={placeholders}
              >
                {rows.map((session) => (
                  <TableRow key={session.id} data-testid="session-row">
                    <TableCell className="whitespace-normal">
                      <SessionDevice session={session} />
                    </TableCell>
                    <TableCell className="font-mono text-xs break-all whitespace-normal">
                      {session.ip ?? '—'}
                    </TableCell>
                    <TableCell className="whitespace-normal tabular-nums">
                      {when(session.createdAt)}
                    </TableCell>
                    <TableCell className="whitespace-normal tabular-nums">
                      {when(session.lastUsedAt)}
                    </TableCell>
                    <TableCell className="text-right">{signOutButton(session)}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </div>
            <div className="md:hidden" data-testid="sessions-cards">
              <CardList
                loading={sessions.isPending}
                rowCount={rows.length}
                placeholders={placeholders}
              >
                {rows.map((session) => (
                  <CardListItem key={session.id} data-testid="session-card">
                    <SessionDevice session={session} />
                    <CardFacts
                      facts={[
                        {
                          label: t('account.sessions.address'),
                          value: session.ip ?? '—',
                          className: 'font-mono text-xs break-all',
                        },
                        {
                          label: t('account.sessions.signedIn'),
                          value: when(session.createdAt),
                          className: 'tabular-nums',
                        },
                        {
                          label: t('account.sessions.lastUsed'),
                          value: when(session.lastUsedAt),
                          className: 'tabular-nums',
                        },
                      ]}
                    />
                    {session.current ? null : (
                      <div className="flex justify-end">{signOutButton(session)}</div>
                    )}
                  </CardListItem>
                ))}
              </CardList>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('account.sessions.signOutTitle')}
        description={t('account.sessions.signOutDescription', {
          device: revoking
            ? t('account.sessions.device', {
                browser: revoking.browser ?? t('account.sessions.unknownBrowser'),
                os: revoking.os ?? t('account.sessions.unknownSystem'),
              })
            : '',
        })}
        confirmLabel={t('account.sessions.signOut')}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      />
      <ConfirmDialog
        open={revokingOthers}
        onOpenChange={setRevokingOthers}
        title={t('account.sessions.signOutOthersTitle')}
        description={t('account.sessions.signOutOthersDescription')}
        confirmLabel={t('account.sessions.signOutOthers')}
        onConfirm={() => {
          revokeOthers.mutate();
          setRevokingOthers(false);
        }}
      />
    </Card>
  );
}
