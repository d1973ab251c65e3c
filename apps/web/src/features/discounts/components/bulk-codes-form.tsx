import { limits } from '@seller/contract/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-messages';
import { useCreateDiscountCodes } from '../api/create-discount-codes';
import { wholeNumberOf } from '../lib/discount-price';

/** Makes single-use codes of a discount: how many, and the letters they start with. */
export function BulkCodesForm({ discountId, onDone }: { discountId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState('100');
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateDiscountCodes({
    onSuccess: (created) => {
      toast.success(t('discounts.bulk.created', { count: created }));
      onDone();
    },
    onError: (failure) => setError(errorMessage(t, failure, t('discounts.bulk.failed'))),
  });
  const countId = `bulk-count-${discountId}`;
  const prefixId = `bulk-prefix-${discountId}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = wholeNumberOf(count);
    if (wanted === null || wanted < 1 || wanted > limits.discounts.maxBulkCodes) {
      setError(t('validation.discountCodeCountInvalid'));
      return;
    }
    if (prefix && !/^[A-Za-z0-9_-]{1,12}$/.test(prefix)) {
      setError(t('validation.discountPrefixInvalid'));
      return;
    }
    setError(undefined);
    create.mutate({ id: discountId, count: wanted, prefix: prefix || undefined });
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-md border bg-muted/40 p-3 sm:grid-cols-[8rem_10rem_auto] sm:items-end"
      data-testid="bulk-codes-form"
    >
      <FormField id={countId} label={t('discounts.bulk.count')} error={error}>
        <Input
          {...fieldAria(countId, error)}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.target.value)}
        />
      </FormField>
      <FormField id={prefixId} label={t('discounts.bulk.prefix')}>
        <Input
          id={prefixId}
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
    </form>
  );
}
