import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

/**
 * A secret the server answers once and keeps only sealed or hashed (a new API token, a
 * webhook's signing secret): shown with a copy button and the warning that it will not be
 * shown again, until the seller closes it. Its heading takes the focus as it appears.
 */
export function OneTimeSecret({
  title,
  note,
  secret,
  texts,
  testId,
  onDone,
}: {
  title: string;
  note: string;
  secret: string;
  /** The copy button's text, and what is said once the secret is copied. */
  texts: { copy: string; copied: string };
  /** The secret's element, for tests that read it from the page. */
  testId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { copy, copied } = useCopyToClipboard({
    copiedText: texts.copied,
    failedText: t('developer.copyFailed'),
  });
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4"
      data-testid={`${testId}-panel`}
    >
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold outline-none"
      >
        <TriangleAlertIcon className="size-4 shrink-0 text-warning-foreground" aria-hidden="true" />
        {title}
      </h3>
      <p className="text-sm">{note}</p>
      <code
        className="block rounded-md border bg-background px-3 py-2 font-mono text-sm break-all"
        data-testid={testId}
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(secret)}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {texts.copy}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('developer.secretSaved')}
        </Button>
      </div>
    </section>
  );
}
