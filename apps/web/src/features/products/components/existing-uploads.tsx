import type { ProductFile, ProductThumbnail } from '@seller/contract/products/product';
import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FileRow, RemoveItemButton } from './file-row';

/** What the edit form stages for removal once the seller confirms it. */
export type PendingRemoval = { kind: 'file' | 'thumbnail'; id: string; name: string };

/** The saved thumbnails of the edit form, each removable unless it is the last one left. */
export function ExistingThumbnails({
  thumbnails,
  last,
  disabled,
  onRemove,
}: {
  thumbnails: readonly ProductThumbnail[];
  /** Only one thumbnail would be left: it cannot be removed. */
  last: boolean;
  disabled: boolean;
  onRemove: (removal: PendingRemoval) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="flex flex-wrap gap-3" data-testid="existing-thumbnails">
        {thumbnails.map((thumbnail) => (
          <li key={thumbnail.id} className="relative" data-testid="existing-thumbnail">
            <img
              src={thumbnail.s3_url}
              alt={thumbnail.image_original_name}
              className="size-24 rounded-md border object-cover"
            />
            <RemoveItemButton
              name={thumbnail.image_original_name}
              variant="destructive"
              className="absolute -top-2 -right-2 size-7 rounded-full"
              title={last ? t('products.edit.lastThumbnail') : undefined}
              disabled={disabled || last}
              onClick={() =>
                onRemove({
                  kind: 'thumbnail',
                  id: thumbnail.id,
                  name: thumbnail.image_original_name,
                })
              }
              data-testid="remove-thumbnail"
            />
          </li>
        ))}
      </ul>
      {last ? (
        <p className="text-xs text-muted-foreground">{t('products.edit.lastThumbnail')}</p>
      ) : null}
    </>
  );
}

/** The saved files of the edit form, each with its type icon, size and a remove button. */
export function ExistingFiles({
  files,
  disabled,
  onRemove,
}: {
  files: readonly ProductFile[];
  disabled: boolean;
  onRemove: (removal: PendingRemoval) => void;
}) {
  return (
    <ul className="grid gap-2" data-testid="existing-files">
      {files.map((file) => (
        <FileRow key={file.id} file={file} testId="existing-file">
          <RemoveItemButton
            name={file.file_original_name}
            icon={Trash2Icon}
            variant="ghost"
            className="size-8 text-destructive hover:text-destructive"
            disabled={disabled}
            onClick={() => onRemove({ kind: 'file', id: file.id, name: file.file_original_name })}
            data-testid="remove-file"
          />
        </FileRow>
      ))}
    </ul>
  );
}
