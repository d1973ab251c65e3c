import type { ProductFile } from '@seller/contract/products/product';
import { productFileTypes } from '@seller/contract/upload-types';
import {
  FileTextIcon,
  FilmIcon,
  type LucideIcon,
  PackageIcon,
  PaperclipIcon,
  XIcon,
} from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/lib/format-intl';

/** A file name's extension, lowercase and without the dot (`pdf`); empty when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const videoExtensions = new Set(
  productFileTypes
    .filter((type) => type.canonicalType.startsWith('video/'))
    .map((type) => type.extension),
);

/** The file type's icon: pdf document, zip package, videos film, others paperclip. */
export function fileTypeIcon(extension: string): LucideIcon {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return FileTextIcon;
  if (ext === 'zip') return PackageIcon;
  if (videoExtensions.has(ext)) return FilmIcon;
  return PaperclipIcon;
}

/**
 * A saved file in a list: `before` (its number), its type icon, its name (cut short when long)
 * over its size, then `children` (what can be done with it).
 */
export function FileRow({
  file,
  before,
  testId,
  children,
}: {
  file: ProductFile;
  before?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const Icon = fileTypeIcon(file.file_extension);
  return (
    <li className="flex items-center gap-3 rounded-md border px-3 py-2" data-testid={testId}>
      {before}
      <Icon
        className="size-4 shrink-0 text-muted-foreground"
        aria-hidden="true"
        data-icon={file.file_extension}
      />
      <div className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{file.file_original_name}</span>
        <span className="text-xs text-muted-foreground">{formatFileSize(file.file_size)}</span>
      </div>
      {children}
    </li>
  );
}

/** The button that takes an item (a file, a thumbnail, a picked upload) off a form's list. */
export function RemoveItemButton({
  name,
  icon: Icon = XIcon,
  ...props
}: ComponentProps<typeof Button> & { name: string; icon?: LucideIcon }) {
  const { t } = useTranslation();
  return (
    <Button type="button" size="icon" aria-label={t('products.form.remove', { name })} {...props}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
