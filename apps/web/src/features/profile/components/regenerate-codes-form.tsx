import { regenerateRecoveryCodesBodySchema } from '@seller/contract/auth/regenerate-recovery-codes';
import { useTranslation } from 'react-i18next';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { Panel } from './panel';
import { TwoFactorCodeForm } from './two-factor-code-form';

/** New recovery codes for a current code; `onCodes` receives them (the old ones are void). */
export function RegenerateCodesForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();

  return (
    <Panel
      id="new-codes-title"
      title={t('profile.security.newCodesTitle')}
      description={t('profile.security.newCodesDescription')}
    >
      <TwoFactorCodeForm
        schema={regenerateRecoveryCodesBodySchema}
        send={regenerate.mutateAsync}
        onCodes={onCodes}
        onCancel={onCancel}
        submitText={t('profile.security.generate')}
        submittingText={t('profile.security.generating')}
      />
    </Panel>
  );
}
