import { CheckIcon, CopyIcon, Share2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/class-names';
import { twitterShareUrl } from '@/lib/share-urls';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

/** The texts of the share buttons, translated by the screen that shows them. */
export interface ShareTexts {
  copy: string;
  copied: string;
  linkCopied: string;
  copyFailed: string;
  twitter: string;
  tweet: string;
}

/** The link, read-only; focusing it selects it for a manual copy. */
export function ShareLinkInput({
  url,
  label,
  className,
}: {
  url: string;
  label: string;
  className?: string;
}) {
  return (
    <Input
      readOnly
      value={url}
      aria-label={label}
      onFocus={(event) => event.currentTarget.select()}
      data-testid="share-link"
      className={className}
    />
  );
}

/** 'Copy' (shows 'copied' for 2 s, with a toast) and 'Share on X' for a link. */
export function ShareActions({
  url,
  texts,
  onCopyError,
  onShared,
  className,
}: {
  url: string;
  texts: ShareTexts;
  onCopyError?: (error: unknown) => void;
  /** Called when the link was copied, or the share on Twitter opened. */
  onShared?: () => void;
  className?: string;
}) {
  const { copied, copy } = useCopyToClipboard({
    copiedText: texts.linkCopied,
    failedText: texts.copyFailed,
    onError: onCopyError,
    onCopied: onShared,
  });
  return (
    // The buttons wrap rather than push a phone's page wider (long labels in some languages).
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button type="button" variant="outline" onClick={() => copy(url)} data-testid="copy-link">
        {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        {copied ? texts.copied : texts.copy}
      </Button>
      <Button variant="outline" asChild>
        <a
          href={twitterShareUrl(url, texts.tweet)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onShared}
          data-testid="share-twitter"
        >
          <Share2Icon aria-hidden="true" />
          {texts.twitter}
        </a>
      </Button>
    </div>
  );
}
