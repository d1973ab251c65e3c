import { RotateCcwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format-intl';
import { itemSecondsLeft } from '@/lib/upload/upload-queue';
import type { UploadSource } from '@/lib/upload/uploader';
import { formatDuration } from '../lib/format-duration';
import { uploadFailureText } from '../lib/product-messages';
import type { QueueItem } from '../lib/use-dropzone-uploads';
import { extensionOf, fileTypeIcon, RemoveItemButton } from './file-row';

/**
 * An address of the picked image itself, made when the row appears and revoked when it goes
 * (removed, or the form left), so that the browser can let go of the file.
 */
function useObjectUrl(file: UploadSource): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [file]);
  return url;
}

/** The picked image, small, before it is uploaded. */
function ImagePreview({ file }: { file: UploadSource }) {
  const url = useObjectUrl(file);
  return url ? (
    <img
      src={url}
      alt=""
      className="size-10 shrink-0 rounded border object-cover"
      data-testid="pending-item-preview"
    />
  ) : (
    <span className="size-10 shrink-0 rounded border bg-muted" aria-hidden="true" />
  );
}

/** Status, and while uploading: bytes sent, speed and time left, or the retry under way. */
function StatusText({ item }: { item: QueueItem }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  switch (item.status) {
    case 'uploading': {
      if (item.retry) {
        return (
          <span className="text-warning" data-testid="pending-item-retry">
            {t('products.form.itemRetrying', {
              attempt: item.retry.attempt,
              max: item.retry.maxAttempts,
            })}
          </span>
        );
      }
      const left = itemSecondsLeft(item);
      const parts = [
        t('products.form.itemUploading', { percent: item.percent }),
        t('products.form.itemSent', {
          sent: formatFileSize(item.loaded, language),
          total: formatFileSize(item.size, language),
        }),
        item.speed
          ? t('products.form.itemSpeed', { speed: formatFileSize(item.speed, language) })
          : null,
        left === undefined
          ? null
          : t('products.form.itemTimeLeft', {
              time: formatDuration(left, language),
            }),
      ];
      return <>{parts.filter(Boolean).join(' · ')}</>;
    }
    case 'completed':
      return <>{t('products.form.itemDone')}</>;
    case 'failed':
      return (
        <span className="text-destructive" data-testid="pending-item-error">
          {item.error
            ? t('products.form.itemFailedBecause', { reason: uploadFailureText(t, item.error) })
            : t('products.form.itemFailed')}
        </span>
      );
    case 'cancelled':
      return <>{t('products.form.itemCancelled')}</>;
    default:
      return <>{t('products.form.itemPending')}</>;
  }
}

/**
 * Picked files with their type icon (or the image itself), name, size, status and progress;
 * removable unless uploading, and a failed one can be tried again.
 */
export function PendingUploadList({
  items,
  kind,
  onRemove,
  onRetry,
  disabled,
  testId,
  markFirstAsMain = false,
}: {
  items: readonly QueueItem[];
  kind: 'file' | 'image';
  onRemove: (id: string) => void;
  /** Sends the failed upload (and whatever else is left) again. */
  onRetry?: () => void;
  disabled: boolean;
  testId: string;
  markFirstAsMain?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul className="grid gap-2" data-testid={testId}>
      {items.map((item, index) => {
        const extension = extensionOf(item.name);
        const Icon = fileTypeIcon(extension);
        return (
          <li
            key={item.id}
            className="grid gap-2 rounded-md border px-3 py-2"
            data-testid="pending-item"
            data-status={item.status}
          >
            <div className="flex items-center gap-3">
              {kind === 'image' ? (
                <ImagePreview file={item.file} />
              ) : (
                <Icon
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                  data-icon={extension}
                  data-testid="pending-item-icon"
                />
              )}
              <div className="grid min-w-0 flex-1">
                <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
                  <span className="truncate" title={item.name}>
                    {item.name}
                  </span>
                  {markFirstAsMain && index === 0 ? (
                    <Badge variant="secondary">{t('products.form.mainImage')}</Badge>
                  ) : null}
                </span>
                <span
                  className="text-xs break-words text-muted-foreground"
                  data-testid="pending-item-status"
                >
                  {formatFileSize(item.size, i18n.resolvedLanguage)} · <StatusText item={item} />
                </span>
              </div>
              {item.status === 'failed' && onRetry ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  disabled={disabled}
                  onClick={onRetry}
                  aria-label={t('products.form.retryUpload', { name: item.name })}
                  data-testid="pending-item-retry-button"
                >
                  <RotateCcwIcon aria-hidden="true" />
                  <span className="hidden sm:inline">{t('products.form.retry')}</span>
                </Button>
              ) : null}
              <RemoveItemButton
                name={item.name}
                variant="ghost"
                className="size-8 shrink-0"
                disabled={disabled || item.status === 'uploading'}
                onClick={() => onRemove(item.id)}
              />
            </div>
            {item.status === 'uploading' ? (
              <Progress
                value={item.percent}
                aria-label={t('products.form.itemUploading', { percent: item.percent })}
                data-testid="pending-item-progress"
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
