import { limits } from '@seller/contract/limits';
import { CheckIcon, CopyIcon, Share2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { env } from '@/config/env';
import { creatorPageUrl, twitterShareUrl } from '../lib/share-links';

/** The seller's creator page link, with copy (shows 'copied' for 2 s) and share on Twitter. */
export function ShareLinkCard({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const link = creatorPageUrl(env.memberSiteUrl, nickname);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), limits.copyConfirmationMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(t('dashboard.share.linkCopied'));
    } catch (error) {
      console.warn('[dashboard] Copying the link failed:', error);
      toast.error(t('dashboard.share.copyFailed'));
    }
  };

  return (
    <Card data-testid="share-link-card">
      <CardHeader>
        <CardTitle>{t('dashboard.share.title')}</CardTitle>
        <CardDescription>{t('dashboard.share.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={link}
          aria-label={t('dashboard.share.linkLabel')}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="share-link"
          className="font-mono text-sm"
        />
        <div className="flex gap-2">
          <Button variant="outline" onClick={copy} data-testid="copy-link">
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t('dashboard.share.copied') : t('dashboard.share.copy')}
          </Button>
          <Button variant="outline" asChild>
            <a
              href={twitterShareUrl(link, t('dashboard.share.tweetText'))}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="share-twitter"
            >
              <Share2Icon aria-hidden="true" />
              {t('dashboard.share.twitter')}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
