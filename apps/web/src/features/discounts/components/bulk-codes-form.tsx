import { limits } from '@seller/contract/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-messages';
import { formatCount } from '@/lib/format';
import { useCreateDiscountCodes } from '../api/create-discount-codes';
import { wholeNumberOf } from '../lib/discount-price';

/** Makes single-use codes of a discount: how many, and the letters they start with. */
export function BulkCodesForm({ discountId, onDone }: { discountId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [countError, setCountError] = useState<string | undefined>();
  const [prefixError, setPrefixError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const create = useCreateDiscountCodes({
    onSuccess: (created) => {
      toast.success(t('discounts.bulk.created', { count: formatCount(created) }));
      onDone();
    },
    onError: (failure) => {
      // A refusal about one field goes under it; anything else under the whole form.
      const issues = apiErrorOf(failure)?.details ?? [];
      const issueOf = (field: string) => {
        const issue = issues.find((candidate) => candidate.path === field);
        return issue ? t(`validation.${issue.code}`, t('validation.invalid')) : undefined;
      };
      const count = issueOf('count');
      const prefix = issueOf('prefix');
      setCountError(count);
      setPrefixError(prefix);
      setFormError(
        count || prefix ? undefined : errorMessage(t, failure, t('discounts.bulk.failed')),
      );
    },
  });
  const countId = `bulk-count-${discountId}`;
  const prefixId = `bulk-prefix-${discountId}`;
  const formErrorId = `bulk-codes-error-${discountId}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = wholeNumberOf(count);
    const countRefused =
      wanted === null || wanted < 1 || wanted > limits.discounts.maxBulkCodes
        ? t('validation.discountCodeCountInvalid')
        : undefined;
    const prefixRefused =
      prefix && !/^[A-Za-z0-9_-]{1,12}$/.test(prefix)
        ? t('validation.discountPrefixInvalid')
        : undefined;
    setCountError(countRefused);
    setPrefixError(prefixRefused);
    setFormError(undefined);
    if (wanted === null || countRefused || prefixRefused) return;
    create.mutate({ id: discountId, count: wanted, prefix: prefix || undefined });
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:grid-cols-[8rem_10rem_auto] sm:items-end"
      aria-describedby={formError ? formErrorId : undefined}
      data-testid="bulk-codes-form"
    >
      <FormField id={countId} label={t('discounts.bulk.count')} error={countError}>
        <Input
          {...fieldAria(countId, countError)}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.target.value)}
        />
      </FormField>
      <FormField id={prefixId} label={t('discounts.bulk.prefix')} error={prefixError}>
        <Input
          {...fieldAria(prefixId, prefixError)}
          value={prefix}
          maxLength={12}
          autoCapitalize="characters"
          onChange={(event) => setPrefix(event.target.value.toUpperCase())}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('discounts.bulk.creating') : t('discounts.bulk.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
      {formError ? (
        <p
          id={formErrorId}
          className="text-sm text-destructive sm:col-span-3"
          role="alert"
          data-testid="bulk-codes-error"
        >
          {formError}
        </p>
      ) : null}
    </form>
  );
}
