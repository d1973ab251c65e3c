import type { ProductFile } from '@seller/contract/products/product';
import { DownloadIcon, FileTextIcon, FilmIcon, PackageIcon, PaperclipIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/format';

const videoExtensions = new Set(['mp4', 'mpeg', 'mov', 'avi']);

/** Spec section 9: pdf document, zip package, videos film, others paperclip. */
export function fileTypeIcon(extension: string) {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return FileTextIcon;
  if (ext === 'zip') return PackageIcon;
  if (videoExtensions.has(ext)) return FilmIcon;
  return PaperclipIcon;
}

/** A saved file's name (cut short when long) over its size. */
export function FileNameAndSize({ file }: { file: ProductFile }) {
  return (
    <div className="grid min-w-0 flex-1">
      <span className="truncate text-sm font-medium">{file.file_original_name}</span>
      <span className="text-xs text-muted-foreground">{formatFileSize(file.file_size)}</span>
    </div>
  );
}

/** The product's files numbered #1.., each with its size, type icon and a download button. */
export function ProductFiles({
  files,
  onDownload,
  downloadingId,
}: {
  files: readonly ProductFile[];
  onDownload: (file: ProductFile) => void;
  downloadingId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <ol className="grid gap-2" data-testid="product-files">
      {files.map((file, index) => {
        const Icon = fileTypeIcon(file.file_extension);
        return (
          <li
            key={file.id}
            className="flex items-center gap-3 rounded-md border px-3 py-2"
            data-testid="product-file"
          >
            <span className="w-8 shrink-0 text-sm text-muted-foreground tabular-nums">
              {t('products.detail.fileNumber', { number: index + 1 })}
            </span>
            <Icon
              className="size-5 shrink-0 text-muted-foreground"
              aria-hidden="true"
              data-icon={file.file_extension}
            />
            <FileNameAndSize file={file} />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onDownload(file)}
              disabled={downloadingId === file.id}
              aria-label={t('products.detail.downloadFile', { name: file.file_original_name })}
              data-testid="download-file"
            >
              <DownloadIcon aria-hidden="true" />
              <span className="hidden sm:inline">{t('products.detail.download')}</span>
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
