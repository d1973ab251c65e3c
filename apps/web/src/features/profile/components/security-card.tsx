import type { Profile } from '@seller/contract/auth/get-profile';
import { ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@/components/notice-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { SkeletonStack } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import {
  type TwoFactorSetup as Setup,
  useStartTwoFactorSetup,
} from '../api/start-two-factor-setup';
import { CardHeading } from './card-heading';
import { CardSkeleton } from './card-skeleton';
import { DisableTwoFactorForm } from './disable-two-factor-form';
import { RecoveryCodes } from './recovery-codes';
import { RegenerateCodesForm } from './regenerate-codes-form';
import { TwoFactorSetup } from './two-factor-setup';

/** What the card shows besides the status: nothing more, or one step at a time. */
type Panel =
  | { kind: 'none' }
  | { kind: 'setup'; setup: Setup }
  | { kind: 'codes'; codes: string[]; justEnabled: boolean }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/**
 * Two-factor sign-in: whether it is on; setting it up (QR code, first code, recovery codes);
 * new recovery codes, and turning it off. Each step replaces the card's actions and takes the
 * focus; closing one gives the focus back to the actions.
 */
export function SecurityCard({
  profile,
  onNotice,
}: {
  profile: Profile;
  onNotice: (notice: Notice | null) => void;
}) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [closed, setClosed] = useState(0);
  const actions = useRef<HTMLDivElement>(null);
  const setup = useStartTwoFactorSetup();
  const on = profile.twoFactorEnabled;

  useEffect(() => {
    if (closed > 0) actions.current?.querySelector('button')?.focus();
  }, [closed]);

  const close = (notice: Notice | null = null) => {
    setPanel({ kind: 'none' });
    setClosed((count) => count + 1);
    if (notice) onNotice(notice);
  };

  const open = (next: Panel) => {
    onNotice(null);
    setPanel(next);
  };

  const startSetup = async () => {
    onNotice(null);
    try {
      open({ kind: 'setup', setup: await setup.mutateAsync() });
    } catch (error) {
      onNotice({ kind: 'error', text: errorMessage(t, error, t('profile.security.failed')) });
    }
  };

  return (
    <Card data-testid="security-card">
      <CardHeading
        title={t('profile.security.title')}
        description={t('profile.security.description')}
        aside={
          <Badge variant={on ? 'default' : 'outline'} data-testid="two-factor-status" data-on={on}>
            {on ? <ShieldCheckIcon aria-hidden="true" /> : <ShieldIcon aria-hidden="true" />}
            {on ? t('profile.security.on') : t('profile.security.off')}
          </Badge>
        }
      />
      <CardContent>
        {panel.kind === 'none' ? (
          <p className="text-sm">{on ? t('profile.security.isOn') : t('profile.security.isOff')}</p>
        ) : null}
        {panel.kind === 'setup' ? (
          <TwoFactorSetup
            setup={panel.setup}
            onEnabled={(codes) => open({ kind: 'codes', codes, justEnabled: true })}
            onCancel={() => close()}
          />
        ) : null}
        {panel.kind === 'codes' ? (
          <RecoveryCodes
            codes={panel.codes}
            email={profile.email}
            onDone={() =>
              close(
                panel.justEnabled ? { kind: 'success', text: t('profile.security.enabled') } : null,
              )
            }
          />
        ) : null}
        {panel.kind === 'regenerate' ? (
          <RegenerateCodesForm
            onCodes={(codes) => open({ kind: 'codes', codes, justEnabled: false })}
            onCancel={() => close()}
          />
        ) : null}
        {panel.kind === 'disable' ? (
          <DisableTwoFactorForm
            email={profile.email}
            onDone={() => close({ kind: 'success', text: t('profile.security.disabled') })}
            onCancel={() => close()}
          />
        ) : null}
      </CardContent>
      {panel.kind === 'none' ? (
        <CardFooter className="justify-end">
          <div ref={actions} className="flex flex-wrap justify-end gap-2">
            {on ? (
              <>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => open({ kind: 'regenerate' })}
                >
                  {t('profile.security.newCodes')}
                </Button>
                <Button type="button" variant="outline" onClick={() => open({ kind: 'disable' })}>
                  {t('profile.security.turnOff')}
                </Button>
              </>
            ) : (
              <Button type="button" onClick={() => void startSetup()} disabled={setup.isPending}>
                {setup.isPending ? t('profile.security.starting') : t('profile.security.setUp')}
              </Button>
            )}
          </div>
        </CardFooter>
      ) : null}
    </Card>
  );
}

export function SecurityCardSkeleton() {
  return (
    <CardSkeleton aria-hidden="true" heading={['h-6 w-44', 'h-4 w-full']}>
      <SkeletonStack bars={['h-4 w-64', 'h-10 w-52 justify-self-end']} />
    </CardSkeleton>
  );
}
