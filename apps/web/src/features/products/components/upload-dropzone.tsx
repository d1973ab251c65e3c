import { UploadCloudIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { formatFileSize } from '@/lib/format-intl';
import {
  type DropKind,
  dropzoneAccept,
  extensionList,
  type FileRejection,
  maxBytes,
  maxItems,
  sortDroppedFiles,
} from '../lib/file-rules';

/**
 * A react-dropzone drop area for product files or thumbnail images. Every dropped or picked
 * file is checked by `sortDroppedFiles` (type, size, room left); rejections are listed per
 * file. With no room left the zone is disabled. The area is a button named by its own text
 * (what it takes, and its limits), described by its rejections and by `errorId`, the list's
 * error shown beside it.
 */
export function UploadDropzone({
  kind,
  room,
  disabled,
  onAccepted,
  testId,
  errorId,
}: {
  kind: DropKind;
  /** How many more items may be added. */
  room: number;
  disabled: boolean;
  onAccepted: (files: File[]) => void;
  testId: string;
  /** The id of the list's error ('add at least one'), when one is shown. */
  errorId?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [rejections, setRejections] = useState<Array<FileRejection & { key: string }>>([]);
  const full = room <= 0;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: dropzoneAccept(kind),
    multiple: true,
    disabled: disabled || full,
    onDrop: (accepted, refused) => {
      const all = [...accepted, ...refused.map((rejection) => rejection.file)];
      const sorted = sortDroppedFiles(kind, all, room);
      const batch = Date.now();
      setRejections(
        sorted.rejected.map((rejection, position) => ({
          ...rejection,
          key: `${batch}-${position}`,
        })),
      );
      if (sorted.accepted.length > 0) onAccepted(sorted.accepted);
    },
  });

  const params = {
    max: maxItems[kind],
    size: formatFileSize(maxBytes(kind)),
    types: extensionList(kind),
  };
  const tooMany = rejections.some((rejection) => rejection.reason === 'tooMany');
  const off = disabled || full;
  const rejectionsId = `${id}-rejections`;
  const describedBy = [rejections.length > 0 ? rejectionsId : null, errorId ?? null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-2">
      <div
        {...getRootProps({
          role: 'button',
          'aria-describedby': describedBy || undefined,
          'aria-invalid': errorId ? true : undefined,
          'aria-disabled': off ? true : undefined,
          className: cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            isDragActive ? 'border-primary bg-primary/5' : 'border-input hover:bg-muted/50',
            off && 'cursor-not-allowed opacity-60 hover:bg-transparent',
          ),
        })}
        data-testid={testId}
        data-disabled={off ? 'true' : undefined}
      >
        <UploadCloudIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">
          {full
            ? t('products.form.dropFull')
            : isDragActive
              ? t('products.form.dropActive')
              : kind === 'image'
                ? t('products.form.dropImages')
                : t('products.form.dropFiles')}
        </p>
        <p className="text-xs text-muted-foreground">
          {kind === 'image'
            ? t('products.form.thumbnailsHint', params)
            : t('products.form.filesHint', params)}
        </p>
      </div>
      {/* Beside the area, not in it: a button holds no other control. The area opens it. */}
      <input {...getInputProps()} data-testid={`${testId}-input`} />
      {rejections.length > 0 ? (
        <ul
          id={rejectionsId}
          className="grid gap-1 text-sm text-destructive"
          role="alert"
          data-testid={`${testId}-errors`}
        >
          {kind === 'image' && tooMany ? (
            <li>{t('products.fileErrors.maxImages', params)}</li>
          ) : null}
          {rejections
            .filter((rejection) => !(kind === 'image' && rejection.reason === 'tooMany'))
            .map((rejection) => (
              <li key={rejection.key}>
                {t(`products.fileErrors.${rejection.reason}`, { ...params, name: rejection.name })}
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
