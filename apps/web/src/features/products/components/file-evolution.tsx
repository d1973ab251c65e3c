import type { ProductDetail } from '@seller/contract/products/product';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileSamples } from './file-samples';
import { FileVersions } from './file-versions';
import { PdfStampSetting } from './pdf-stamp-setting';

/**
 * What keeps the product's files up to date and protected: stamping of delivered PDFs, then
 * each file's samples and versions. A deleted product shows them without the controls.
 */
export function FileEvolution({ detail }: { detail: ProductDetail }) {
  const { t } = useTranslation();
  const { product, files } = detail;
  const deleted = product.status === 'deleted';
  return (
    <>
      <Card data-testid="product-protection">
        <CardHeader>
          <CardTitle>{t('products.stamp.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <PdfStampSetting product={product} disabled={deleted} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('products.versions.title')}</CardTitle>
          <CardDescription>{t('products.versions.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {files.map((file) => (
            <section
              key={file.id}
              className="grid min-w-0 gap-3"
              aria-label={file.file_original_name}
              data-testid="file-evolution"
            >
              <h3 className="truncate text-sm font-semibold">
                {file.file_original_name}{' '}
                <span className="font-normal text-muted-foreground">
                  {t('products.versions.number', { number: file.version })}
                </span>
              </h3>
              <FileSamples
                key={`${file.id}-${file.sample_pages}`}
                productId={product.id}
                file={file}
                disabled={deleted}
              />
              <FileVersions
                productId={product.id}
                file={file}
                buyers={product.sales_count}
                canAdd={!deleted}
              />
            </section>
          ))}
        </CardContent>
      </Card>
    </>
  );
}
