import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { LeaveGuard } from '@/lib/use-leave-guard';

/** The question of a page that must not be left by accident: stay (the default) or leave. */
export function LeaveDialog({ guard, description }: { guard: LeaveGuard; description: string }) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      open={guard.asking}
      onOpenChange={(open) => {
        if (!open) guard.stay();
      }}
    >
      <AlertDialogContent data-testid="leave-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('common.leaveTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="leave-stay">{t('common.stay')}</AlertDialogCancel>
          <AlertDialogAction destructive onClick={guard.leave} data-testid="leave-confirm">
            {t('common.leave')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
