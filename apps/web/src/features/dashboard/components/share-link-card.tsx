import { useTranslation } from 'react-i18next';
import { ShareActions, ShareLinkInput } from '@/components/share-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { env } from '@/config/env';
import { creatorPageUrl } from '@/lib/share-urls';
import { useUpdateGettingStarted } from '../api/getting-started';

/**
 * The seller's creator page link, with copy (shows 'copied' for 2 s) and share on Twitter;
 * either ticks the 'share your link' step of the getting-started checklist.
 */
export function ShareLinkCard({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const link = creatorPageUrl(env.memberSiteUrl, nickname);
  const recordShare = useUpdateGettingStarted({
    onError: (error) => console.warn('[dashboard] Recording the share failed:', error.message),
  });

  return (
    <Card data-testid="share-link-card">
      <CardHeader>
        <CardTitle>{t('dashboard.share.title')}</CardTitle>
        <CardDescription>{t('dashboard.share.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <ShareLinkInput
          url={link}
          label={t('dashboard.share.linkLabel')}
          className="font-mono text-sm sm:min-w-0 sm:flex-1"
        />
        {/* Beside the field from `sm` up, the two buttons keep one row, as the placeholder does. */}
        <ShareActions
          className="sm:shrink-0 sm:flex-nowrap"
          url={link}
          onCopyError={(error) => console.warn('[dashboard] Copying the link failed:', error)}
          onShared={() => recordShare.mutate({ creatorLinkShared: true })}
          texts={{
            copy: t('dashboard.share.copy'),
            copied: t('dashboard.share.copied'),
            linkCopied: t('dashboard.share.linkCopied'),
            copyFailed: t('dashboard.share.copyFailed'),
            twitter: t('dashboard.share.twitter'),
            tweet: t('dashboard.share.tweetText'),
          }}
        />
      </CardContent>
    </Card>
  );
}

/**
 * The card's place while the profile loads: the same texts and the same heights (a 40 px field
 * and a row of 40 px buttons), so that nothing below it moves when the link arrives.
 */
export function ShareLinkCardSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-hidden="true" data-testid="share-link-card-loading">
      <CardHeader>
        <CardTitle>{t('dashboard.share.title')}</CardTitle>
        <CardDescription>{t('dashboard.share.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Skeleton className="h-10 w-full sm:flex-1" />
        <div className="flex flex-wrap gap-2">
          <Skeleton className="h-10 w-24" />
          <Skeleton className="h-10 w-44" />
        </div>
      </CardContent>
    </Card>
  );
}
