import type { ProductFile } from '@seller/contract/products/product';
import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { sellsPdfsWithoutSample } from '../lib/sample-rules';

/**
 * Tells a seller of PDFs without any sample that Korean buyers may then withdraw after the
 * download: the law lets a seller limit withdrawal from digital content once a sample was
 * offered. Nothing when a sample is offered or no file is a PDF.
 */
export function SampleWarning({ files }: { files: readonly ProductFile[] }) {
  const { t } = useTranslation();
  if (!sellsPdfsWithoutSample(files)) return null;
  return (
    <Alert data-testid="sample-warning">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{t('products.protection.noSampleTitle')}</AlertTitle>
      <AlertDescription>{t('products.protection.noSampleText')}</AlertDescription>
    </Alert>
  );
}
