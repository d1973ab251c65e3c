import type { ProductFile } from '@seller/contract/products/product';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SkeletonStack } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { formatCount } from '@/lib/format';
import { formatShortDate } from '@/lib/format-date';
import { formatFileSize } from '@/lib/format-intl';
import { useFileVersions } from '../api/list-file-versions';
import { AddFileVersionForm } from './add-file-version-form';

/**
 * One file's versions, newest first: number and label, date, changelog, downloads and how
 * many of the product's buyers were given it; and the form that adds the next one. `buyers`
 * is the product's sales count.
 */
export function FileVersions({
  productId,
  file,
  buyers,
  canAdd,
}: {
  productId: string;
  file: ProductFile;
  buyers: number;
  canAdd: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const query = useFileVersions(productId, file.id);
  const [adding, setAdding] = useState(false);

  let list: React.ReactNode;
  if (query.isPending) {
    list = (
      <div data-testid="versions-loading">
        <SkeletonStack className="gap-2" bars={['h-14 w-full', 'h-10 w-full']} />
      </div>
    );
  } else if (query.isError) {
    list = (
      <ErrorAlert data-testid="versions-error">
        {errorMessage(t, query.error, t('products.versions.loadFailed'))}
      </ErrorAlert>
    );
  } else if (query.data.versions.length === 0) {
    list = (
      <p className="text-sm text-muted-foreground" data-testid="versions-empty">
        {t('products.versions.empty')}
      </p>
    );
  } else {
    const newest = query.data.versions[0]?.number;
    list = (
      <ol className="grid gap-2" data-testid="file-versions">
        {query.data.versions.map((version) => (
          <li
            key={version.id}
            className="grid gap-1 rounded-md border px-3 py-2 text-sm"
            data-testid="file-version"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold tabular-nums">
                {t('products.versions.number', { number: version.number })}
              </span>
              {version.label ? (
                <span className="min-w-0 wrap-anywhere">{version.label}</span>
              ) : null}
              {version.number === newest ? (
                <Badge variant="secondary">{t('products.versions.current')}</Badge>
              ) : null}
              <time
                className="ms-auto text-xs text-muted-foreground tabular-nums"
                dateTime={version.createdAt}
              >
                {formatShortDate(version.createdAt, language)}
              </time>
            </div>
            <span className="truncate text-xs text-muted-foreground">
              {version.file_original_name} · {formatFileSize(version.file_size, language)}
            </span>
            {version.changelog ? (
              <p className="whitespace-pre-wrap wrap-anywhere text-muted-foreground">
                {version.changelog}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span data-testid="version-downloads">
                {t('products.versions.downloads', {
                  value: formatCount(version.downloads),
                })}
              </span>
              <span data-testid="version-buyers">
                {t('products.versions.buyersWithIt', {
                  have: formatCount(version.buyersWithIt),
                  total: formatCount(buyers),
                  number: version.number,
                })}
              </span>
            </div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="grid gap-2">
      {list}
      {adding ? (
        <AddFileVersionForm productId={productId} file={file} onDone={() => setAdding(false)} />
      ) : canAdd ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => setAdding(true)}
          data-testid="add-version"
        >
          <PlusIcon aria-hidden="true" />
          {t('products.versions.addNew')}
        </Button>
      ) : null}
    </div>
  );
}
