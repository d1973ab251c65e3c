import { InfoIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { needsLargeUploadNotice } from '@/lib/upload/upload-queue';
import type { QueueItem } from '../lib/use-dropzone-uploads';

/** The 'may take 1–2 minutes' hint, and the notice when any new file is 500 MB or larger. */
export function UploadNotices({ items }: { items: readonly QueueItem[] }) {
  const { t } = useTranslation();
  const large = needsLargeUploadNotice(items);
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      {large ? (
        <p className="flex items-start gap-1.5 text-warning" data-testid="large-file-notice">
          <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {t('products.form.largeFileNotice')}
        </p>
      ) : null}
      <p className="flex items-start gap-1.5">
        <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {t('products.form.uploadHint')}
      </p>
    </div>
  );
}
