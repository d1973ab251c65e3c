import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Unknown URLs and screens that are not built yet. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center"
      data-testid="not-found"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchXIcon className="size-7" aria-hidden="true" />
      </span>
      <p className="text-sm font-semibold text-primary">{t('notFound.code')}</p>
      <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild>
        <Link to={paths.home.href()}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('notFound.home')}
        </Link>
      </Button>
    </section>
  );
}
