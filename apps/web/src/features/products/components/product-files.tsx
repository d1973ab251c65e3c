import type { ProductFile } from '@seller/contract/products/product';
import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FileRow } from './file-row';

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
      {files.map((file, index) => (
        <FileRow
          key={file.id}
          file={file}
          testId="product-file"
          before={
            <span className="w-8 shrink-0 text-sm text-muted-foreground tabular-nums">
              {t('products.detail.fileNumber', { number: index + 1 })}
            </span>
          }
        >
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
        </FileRow>
      ))}
    </ol>
  );
}
