import type { Discount } from '@seller/contract/discounts/discount';
import { ArchiveIcon, DownloadIcon, PencilIcon, TicketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatCount } from '@/lib/format';
import { useArchiveDiscount } from '../api/archive-discount';
import { useExportDiscountCodes } from '../api/export-discount-codes';

/** What the seller can do with one code: edit, make single-use codes, export them, archive. */
export function DiscountActions({
  discount,
  onBulkCodes,
}: {
  discount: Discount;
  onBulkCodes: () => void;
}) {
  const { t } = useTranslation();
  const archive = useArchiveDiscount({
    onSuccess: () => toast.success(t('discounts.archive.done', { code: discount.code })),
    onError: (error) => toast.error(errorMessage(t, error, t('discounts.archive.failed'))),
  });
  const exportCodes = useExportDiscountCodes({
    onError: (error) => toast.error(errorMessage(t, error, t('discounts.codes.exportFailed'))),
  });
  const archived = discount.status === 'archived';
  return (
    <div className="flex flex-wrap gap-1">
      {archived ? null : (
        <Button asChild variant="ghost" size="sm">
          <Link
            to={paths.discountEdit.href(discount.id)}
            aria-label={t('discounts.actions.editLabel', { code: discount.code })}
          >
            <PencilIcon aria-hidden="true" />
            {t('discounts.actions.edit')}
          </Link>
        </Button>
      )}
      {archived ? null : (
        <Button variant="ghost" size="sm" onClick={onBulkCodes} data-testid="bulk-codes-button">
          <TicketIcon aria-hidden="true" />
          {t('discounts.actions.bulk')}
        </Button>
      )}
      {discount.singleUseCodes > 0 ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={exportCodes.isPending}
          onClick={() => exportCodes.mutate(discount.id)}
          data-testid="export-codes-button"
        >
          <DownloadIcon aria-hidden="true" />
          {t('discounts.actions.export', { count: formatCount(discount.singleUseCodes) })}
        </Button>
      ) : null}
      {archived ? null : (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="ghost" size="sm" data-testid="archive-button">
              <ArchiveIcon aria-hidden="true" />
              {t('discounts.actions.archive')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {t('discounts.archive.title', { code: discount.code })}
              </AlertDialogTitle>
              <AlertDialogDescription>{t('discounts.archive.description')}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
              <AlertDialogAction
                onClick={() => archive.mutate(discount.id)}
                data-testid="archive-confirm"
              >
                {t('discounts.actions.archive')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </div>
  );
}
