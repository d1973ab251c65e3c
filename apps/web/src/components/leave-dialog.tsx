import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { LeaveGuard } from '@/lib/use-leave-guard';

/** The question of a page that must not be left by accident: stay (the default) or leave. */
export function LeaveDialog({ guard, description }: { guard: LeaveGuard; description: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(open) => {
        if (!open) guard.stay();
      }}
      title={t('common.leaveTitle')}
      description={description}
      cancelLabel={t('common.stay')}
      confirmLabel={t('common.leave')}
      onConfirm={guard.leave}
      testIds={{ dialog: 'leave-dialog', cancel: 'leave-stay', confirm: 'leave-confirm' }}
    />
  );
}
