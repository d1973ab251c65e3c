import type { ProductFile } from '@seller/contract/products/product';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/error-messages';
import { uploadFile } from '@/lib/upload/uploader';
import { useCreateFileVersion } from '../api/create-file-version';

/**
 * A new version of one of the product's files: the picked file goes through the usual upload
 * calls, then becomes the file's newest version with its label and changelog.
 */
export function AddFileVersionForm({
  productId,
  file,
  onDone,
}: {
  productId: string;
  file: ProductFile;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setPicked] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [changelog, setChangelog] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFileVersion();
  const busy = uploading || create.isPending;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!picked) {
      setError(t('products.versions.pickFile'));
      return;
    }
    setError(null);
    try {
      setUploading(true);
      const uploaded = await uploadFile(picked, { kind: 'file' }).finally(() =>
        setUploading(false),
      );
      await create.mutateAsync({
        productId,
        fileId: file.id,
        body: { s3Key: uploaded.s3Key, label, changelog },
      });
      toast.success(t('products.versions.added'));
      onDone();
    } catch (failure) {
      setError(errorMessage(t, failure, t('products.versions.addFailed')));
    }
  };

  return (
    <form
      className="grid gap-3 rounded-md border p-3"
      onSubmit={onSubmit}
      noValidate
      data-testid="add-version-form"
    >
      <FormField id={`${id}-file`} label={t('products.versions.newFile')}>
        <Input
          id={`${id}-file`}
          type="file"
          disabled={busy}
          onChange={(event) => setPicked(event.target.files?.[0] ?? null)}
          data-testid="version-file"
        />
      </FormField>
      <FormField id={`${id}-label`} label={t('products.versions.label')}>
        <Input
          id={`${id}-label`}
          value={label}
          maxLength={100}
          disabled={busy}
          placeholder={t('products.versions.labelPlaceholder')}
          onChange={(event) => setLabel(event.target.value)}
          data-testid="version-label"
        />
      </FormField>
      <FormField
        id={`${id}-changelog`}
        label={t('products.versions.changelog')}
        hint={t('products.versions.changelogHint')}
      >
        <Textarea
          id={`${id}-changelog`}
          value={changelog}
          disabled={busy}
          rows={3}
          onChange={(event) => setChangelog(event.target.value)}
          data-testid="version-changelog"
        />
      </FormField>
      {error ? <ErrorAlert data-testid="add-version-error">{error}</ErrorAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" disabled={busy} onClick={onDone}>
          {t('products.versions.cancel')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="submit-version">
          {busy ? t('products.versions.adding') : t('products.versions.add')}
        </Button>
      </div>
    </form>
  );
}
