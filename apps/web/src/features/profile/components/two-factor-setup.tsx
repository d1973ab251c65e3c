import { enableTwoFactorBodySchema } from '@seller/contract/auth/enable-two-factor';
import { CopyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import type { TwoFactorSetup as Setup } from '../api/start-two-factor-setup';
import { groupSecret } from '../lib/two-factor-text';
import { Panel } from './panel';
import { QrCode } from './qr-code';
import { TwoFactorCodeForm } from './two-factor-code-form';

/**
 * Adding the account to an authenticator app: its QR code, or the key to type in, then a
 * first code from the app, which turns two-factor sign-in on. `onEnabled` receives the
 * recovery codes.
 */
export function TwoFactorSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const { copy } = useCopyToClipboard({
    copiedText: t('profile.security.keyCopied'),
    failedText: t('profile.security.copyFailed'),
  });

  return (
    <Panel
      id="two-factor-setup-title"
      title={t('profile.security.setupTitle')}
      className="grid gap-5"
    >
      <ol className="grid list-decimal gap-5 pl-5 text-sm marker:font-semibold">
        <li className="grid gap-3">
          <p>{t('profile.security.scan')}</p>
          <QrCode
            value={setup.otpauthUrl}
            label={t('profile.security.qrLabel')}
            failedText={t('profile.security.qrFailed')}
          />
          <p className="text-muted-foreground">{t('profile.security.keyIntro')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
              data-testid="two-factor-secret"
            >
              <span className="sr-only">{t('profile.security.key')} </span>
              {groupSecret(setup.secret)}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => copy(setup.secret)}>
              <CopyIcon aria-hidden="true" />
              {t('profile.security.copyKey')}
            </Button>
          </div>
        </li>
        <li>
          <TwoFactorCodeForm
            schema={enableTwoFactorBodySchema}
            send={enable.mutateAsync}
            onCodes={onEnabled}
            onCancel={onCancel}
            hint={t('profile.security.codeHint')}
            submitText={t('profile.security.enable')}
            submittingText={t('profile.security.enabling')}
          />
        </li>
      </ol>
    </Panel>
  );
}
