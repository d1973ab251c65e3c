import { InfoIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/format-intl';
import { needsLargeUploadNotice, secondsLeft } from '@/lib/upload/upload-queue';
import { formatDuration } from '../lib/format-duration';
import type { QueueItem } from '../lib/use-dropzone-uploads';

/**
 * How long the uploads will take, from the speed measured while they run (before they start,
 * how much there is to send); and the notice when any new file is 500 MB or larger.
 */
export function UploadNotices({ items }: { items: readonly QueueItem[] }) {
  const { t, i18n } = useTranslation();
  const large = needsLargeUploadNotice(items);
  const waiting = items.filter((item) => item.status !== 'completed');
  const running = waiting.some((item) => item.status === 'uploading');
  const left = secondsLeft(items);
  const remaining = waiting.reduce((sum, item) => sum + Math.max(0, item.size - item.loaded), 0);
  const estimate =
    waiting.length === 0
      ? null
      : left !== undefined
        ? t('products.form.uploadTimeLeft', {
            time: formatDuration(left, i18n.resolvedLanguage),
          })
        : running
          ? t('products.form.uploadMeasuring')
          : t('products.form.uploadToSend', {
              size: formatFileSize(remaining, i18n.resolvedLanguage),
            });
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      {large ? (
        <p className="flex items-start gap-1.5 text-warning" data-testid="large-file-notice">
          <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {t('products.form.largeFileNotice')}
        </p>
      ) : null}
      {estimate ? (
        <p className="flex items-start gap-1.5" data-testid="upload-estimate">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {estimate}
        </p>
      ) : null}
    </div>
  );
}
