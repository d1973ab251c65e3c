import type { Session } from '@seller/contract/auth/get-sessions';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** The browser and system of a session, and "this device" for the one in use. */
export function SessionDevice({ session }: { session: Session }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2">
      <MonitorSmartphoneIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="break-words font-medium" data-testid="session-device">
        {t('account.sessions.device', {
          browser: session.browser ?? t('account.sessions.unknownBrowser'),
          os: session.os ?? t('account.sessions.unknownSystem'),
        })}
      </span>
      {session.current ? (
        <Badge variant="secondary" data-testid="session-current">
          {t('account.sessions.thisDevice')}
        </Badge>
      ) : null}
    </span>
  );
}
