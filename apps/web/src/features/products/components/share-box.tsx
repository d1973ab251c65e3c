import { limits } from '@seller/contract/limits';
import { CheckIcon, CopyIcon, Share2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { env } from '@/config/env';

/** The product's public link on the member site (spec section 1). */
export function productShareUrl(nickname: string, productId: string): string {
  return `${env.memberSiteUrl}/${encodeURIComponent(nickname)}/products/${encodeURIComponent(productId)}`;
}

export function twitterShareUrl(url: string, text: string): string {
  const params = new URLSearchParams({ url, text });
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}

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
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const url = nickname ? productShareUrl(nickname, productId) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t('products.detail.linkCopied'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), limits.copyConfirmationMs);
    } catch {
      toast.error(t('products.detail.copyFailed'));
    }
  };

  return (
    <Card className="gap-4" data-testid="share-box">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {t('products.detail.shareTitle')}
        </CardTitle>
        <CardDescription>{t('products.detail.shareDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {url ? (
          <>
            <Input
              readOnly
              value={url}
              aria-label={t('products.detail.shareLink')}
              onFocus={(event) => event.currentTarget.select()}
              data-testid="share-link"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={copy} data-testid="copy-link">
                {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                {copied ? t('products.detail.copied') : t('products.detail.copy')}
              </Button>
              <Button type="button" variant="outline" asChild>
                <a
                  href={twitterShareUrl(url, t('products.detail.tweetText', { title }))}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="share-twitter"
                >
                  <Share2Icon aria-hidden="true" />
                  {t('products.detail.shareTwitter')}
                </a>
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('products.detail.noNickname')}</p>
        )}
      </CardContent>
    </Card>
  );
}
