import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Shown when a route fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto grid min-h-dvh max-w-md content-center justify-items-center gap-4 px-4 text-center">
      <AlertTriangleIcon className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('error.unexpected')}</h1>
      <p className="text-muted-foreground">{t('error.unexpectedDescription')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </main>
  );
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <span className="size-6 animate-spin rounded-full border-2 border-primary border-t-transparent" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
