import { FilesIcon, PackageIcon, PackageOpenIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';

function Counter({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: number | undefined;
  icon: typeof PackageIcon;
  testId: string;
}) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-center gap-3 px-4">
        <div className="flex size-10 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="grid">
          <span className="text-sm text-muted-foreground">{label}</span>
          <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
            {value ?? '…'}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}

/** The product list's three counters: products, active products, files ('…' until known). */
export function ProductCounters({
  totalProducts,
  activeProducts,
  totalFiles,
}: {
  totalProducts: number | undefined;
  activeProducts: number | undefined;
  totalFiles: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Counter
        label={t('products.list.totalProducts')}
        value={totalProducts}
        icon={PackageIcon}
        testId="count-total"
      />
      <Counter
        label={t('products.list.activeProducts')}
        value={activeProducts}
        icon={PackageOpenIcon}
        testId="count-active"
      />
      <Counter
        label={t('products.list.totalFiles')}
        value={totalFiles}
        icon={FilesIcon}
        testId="count-files"
      />
    </div>
  );
}
