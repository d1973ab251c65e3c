import { CopyIcon, DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { saveBlob } from '@/lib/browser-download';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { recoveryCodesFileName, recoveryCodesText } from '../lib/two-factor-text';
import { Panel } from './panel';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy, download as
 * a text file, and a confirmation that they are saved before the seller can close them.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[];
  /** Names the account in the downloaded file. */
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const savedId = useId();
  const { copy } = useCopyToClipboard({
    copiedText: t('profile.security.codesCopied'),
    failedText: t('profile.security.copyFailed'),
  });
  const text = recoveryCodesText({
    title: t('profile.security.codesFileTitle', { email }),
    note: t('profile.security.codesFileNote'),
    codes,
  });

  return (
    <Panel
      id="recovery-codes-title"
      title={t('profile.security.recoveryTitle')}
      description={t('profile.security.recoveryDescription')}
    >
      <ol
        aria-labelledby="recovery-codes-title"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-md border bg-muted/40 p-4 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => copy(codes.join('\n'))}>
          <CopyIcon aria-hidden="true" />
          {t('profile.security.copyCodes')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), recoveryCodesFileName)
          }
        >
          <DownloadIcon aria-hidden="true" />
          {t('profile.security.downloadCodes')}
        </Button>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox
          id={savedId}
          checked={saved}
          onCheckedChange={(checked) => setSaved(checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor={savedId} className="leading-snug font-normal">
          {t('profile.security.saved')}
        </Label>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone} disabled={!saved}>
          {t('profile.security.done')}
        </Button>
      </div>
    </Panel>
  );
}
