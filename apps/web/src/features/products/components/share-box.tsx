import { useTranslation } from 'react-i18next';
import { ShareActions, ShareLinkInput } from '@/components/share-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';
import { cn } from '@/lib/class-names';
import { productPageUrl } from '@/lib/share-urls';

/** Link, copy ('copied' for 2 s and a toast) and share on Twitter. */
export function ShareBox({
  nickname,
  productId,
  title,
}: {
  nickname: string | null | undefined;
  productId: string;
  title: string;
}) {
  const { t } = useTranslation();
  const url = nickname ? productPageUrl(env.memberSiteUrl, nickname, productId) : null;

  return (
    <Card className="gap-4" data-testid="share-box">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {t('products.detail.shareTitle')}
        </CardTitle>
        <CardDescription>{t('products.detail.shareDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {url || nickname === undefined ? (
          // While the profile (the nickname in the link) is on its way, the same field and
          // buttons keep their place unseen: nothing below moves when the link arrives.
          <div
            className={cn('grid gap-3', !url && 'invisible')}
            aria-hidden={url ? undefined : true}
          >
            <ShareLinkInput url={url ?? ''} label={t('products.detail.shareLink')} />
            <ShareActions
              url={url ?? ''}
              className="flex-wrap"
              texts={{
                copy: t('products.detail.copy'),
                copied: t('products.detail.copied'),
                linkCopied: t('products.detail.linkCopied'),
                copyFailed: t('products.detail.copyFailed'),
                twitter: t('products.detail.shareTwitter'),
                tweet: t('products.detail.tweetText', { title }),
              }}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('products.detail.noNickname')}</p>
        )}
      </CardContent>
    </Card>
  );
}
