import { FileIcon, ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format';
import type { QueueItem } from '../lib/use-dropzone-uploads';
import { RemoveItemButton } from './file-row';

function StatusText({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  switch (item.status) {
    case 'uploading':
      return <>{t('products.form.itemUploading', { percent: item.percent })}</>;
    case 'completed':
      return <>{t('products.form.itemDone')}</>;
    case 'failed':
      return <span className="text-destructive">{t('products.form.itemFailed')}</span>;
    default:
      return <>{t('products.form.itemPending')}</>;
  }
}

/** Picked files with name, size, status and progress; removable unless uploading. */
export function PendingUploadList({
  items,
  kind,
  onRemove,
  disabled,
  testId,
  markFirstAsMain = false,
}: {
  items: readonly QueueItem[];
  kind: 'file' | 'image';
  onRemove: (id: string) => void;
  disabled: boolean;
  testId: string;
  markFirstAsMain?: boolean;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const Icon = kind === 'image' ? ImageIcon : FileIcon;
  return (
    <ul className="grid gap-2" data-testid={testId}>
      {items.map((item, index) => (
        <li
          key={item.id}
          className="grid gap-2 rounded-md border px-3 py-2"
          data-testid="pending-item"
          data-status={item.status}
        >
          <div className="flex items-center gap-3">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid min-w-0 flex-1">
              <span className="flex items-center gap-2 truncate text-sm font-medium">
                <span className="truncate">{item.name}</span>
                {markFirstAsMain && index === 0 ? (
                  <Badge variant="secondary">{t('products.form.mainImage')}</Badge>
                ) : null}
              </span>
              <span className="text-xs text-muted-foreground" data-testid="pending-item-status">
                {formatFileSize(item.size)} · <StatusText item={item} />
              </span>
            </div>
            <RemoveItemButton
              name={item.name}
              variant="ghost"
              className="size-8"
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
      ))}
    </ul>
  );
}
