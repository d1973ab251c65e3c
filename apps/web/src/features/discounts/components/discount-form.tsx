import {
  type Discount,
  type DiscountInput,
  type DiscountKind,
  discountInputSchema,
} from '@seller/contract/discounts/discount';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-messages';
import { formatKrwAmount } from '@/lib/format';
import { isoOfSellerInput, sellerInputOf } from '@/lib/seller-time-zone';
import { useCreateDiscount } from '../api/create-discount';
import { useUpdateDiscount } from '../api/update-discount';
import { buyerPrice, wholeNumberOf } from '../lib/discount-price';

/** A product the code may be for, with its price in won (for the preview), when known. */
export interface DiscountProduct {
  id: string;
  title: string;
  priceKrw: number | undefined;
}

type FieldName =
  | 'code'
  | 'kind'
  | 'percent'
  | 'amount'
  | 'productIds'
  | 'maxUses'
  | 'startsAt'
  | 'endsAt'
  | 'minAmount';
const fieldNames: readonly FieldName[] = [
  'code',
  'kind',
  'percent',
  'amount',
  'productIds',
  'maxUses',
  'startsAt',
  'endsAt',
  'minAmount',
];

/**
 * Creates or edits a code. Beside the fields, the price a buyer would pay with it, live: for
 * one of the seller's products (its price in won) or a price typed in.
 */
export function DiscountForm({
  discount,
  products,
  onSaved,
}: {
  /** The code to edit; a new code without it. */
  discount?: Discount | undefined;
  products: readonly DiscountProduct[];
  onSaved: (discount: Discount) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const id = useId();
  const [code, setCode] = useState(discount?.code ?? '');
  const [kind, setKind] = useState<DiscountKind>(discount?.kind ?? 'percent');
  const [value, setValue] = useState(
    String((discount?.kind === 'fixed' ? discount.amount : discount?.percent) ?? ''),
  );
  const [productIds, setProductIds] = useState<string[]>(discount?.productIds ?? []);
  const [maxUses, setMaxUses] = useState(discount?.maxUses ? String(discount.maxUses) : '');
  const [startsAt, setStartsAt] = useState(sellerInputOf(discount?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(sellerInputOf(discount?.endsAt ?? null));
  const [minAmount, setMinAmount] = useState(discount?.minAmount ? String(discount.minAmount) : '');
  const [previewProduct, setPreviewProduct] = useState(products[0]?.id ?? '');
  const [previewPrice, setPreviewPrice] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const frozen = (discount?.uses ?? 0) > 0;

  const onError = (error: Error) => {
    const apiError = apiErrorOf(error);
    if (apiError?.code === 'code_taken') {
      setErrors({ code: t('apiError.codeTaken') });
      return;
    }
    const fieldErrors: Partial<Record<FieldName, string>> = {};
    for (const issue of apiError?.details ?? []) {
      const field = fieldNames.find((name) => name === issue.path);
      if (field) fieldErrors[field] = t(`validation.${issue.code}`, t('validation.invalid'));
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
      setFormError(errorMessage(t, error, t('discounts.form.saveFailed')));
    }
  };
  const create = useCreateDiscount({ onSuccess: onSaved, onError });
  const update = useUpdateDiscount({ onSuccess: onSaved, onError });
  const saving = create.isPending || update.isPending;

  const numeric = wholeNumberOf(value);
  const chosen = products.find((product) => product.id === previewProduct);
  const listPrice = wholeNumberOf(previewPrice) ?? chosen?.priceKrw ?? null;
  const price = buyerPrice(kind, numeric, listPrice);
  const previewNote = (() => {
    if (!price || listPrice === null) return null;
    if (productIds.length > 0 && chosen && !productIds.includes(chosen.id) && !previewPrice) {
      return t('discounts.preview.notForProduct');
    }
    const least = wholeNumberOf(minAmount) ?? 0;
    if (listPrice < least) return t('discounts.preview.belowMinimum');
    return null;
  })();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const input: DiscountInput = {
      code,
      kind,
      ...(kind === 'percent' ? { percent: numeric ?? -1 } : { amount: numeric ?? -1 }),
      productIds,
      maxUses: maxUses.trim() ? (wholeNumberOf(maxUses) ?? -1) : null,
      startsAt: isoOfSellerInput(startsAt),
      endsAt: isoOfSellerInput(endsAt),
      minAmount: minAmount.trim() ? (wholeNumberOf(minAmount) ?? -1) : 0,
    };
    const checked = discountInputSchema.safeParse(input);
    if (!checked.success) {
      const fieldErrors: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const field = fieldNames.find((name) => name === issue.path[0]);
        if (field && !fieldErrors[field]) {
          fieldErrors[field] = t(`validation.${issue.message}`, t('validation.invalid'));
        }
      }
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    if (discount) update.mutate({ id: discount.id, input });
    else create.mutate(input);
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const valueError = kind === 'percent' ? errors.percent : errors.amount;

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
      <div className="grid gap-4">
        {formError ? (
          <Alert variant="destructive" data-testid="discount-form-error">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <FormField
          id={fieldId('code')}
          label={t('discounts.fields.code')}
          hint={t('discounts.form.codeHint')}
          error={errors.code}
        >
          <Input
            {...fieldAria(fieldId('code'), errors.code, true)}
            value={code}
            maxLength={32}
            autoCapitalize="characters"
            className="font-mono"
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            data-testid="discount-code"
          />
        </FormField>

        <fieldset className="grid gap-2" disabled={frozen}>
          <legend className="mb-2 text-sm font-medium">{t('discounts.fields.kind')}</legend>
          <RadioGroup
            value={kind}
            onValueChange={(next) => setKind(next as DiscountKind)}
            className="flex flex-wrap gap-4"
          >
            {(['percent', 'fixed'] as const).map((option) => (
              <div key={option} className="flex items-center gap-2">
                <RadioGroupItem
                  value={option}
                  id={fieldId(`kind-${option}`)}
                  data-testid={`discount-kind-${option}`}
                />
                <Label htmlFor={fieldId(`kind-${option}`)}>{t(`discounts.kind.${option}`)}</Label>
              </div>
            ))}
          </RadioGroup>
          {frozen ? (
            <p className="text-xs text-muted-foreground">{t('discounts.form.frozen')}</p>
          ) : null}
        </fieldset>

        <FormField
          id={fieldId('value')}
          label={kind === 'percent' ? t('discounts.fields.percent') : t('discounts.fields.amount')}
          error={valueError}
        >
          <Input
            {...fieldAria(fieldId('value'), valueError)}
            inputMode="numeric"
            value={value}
            disabled={frozen}
            onChange={(event) => setValue(event.target.value)}
            data-testid="discount-value"
          />
        </FormField>

        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('discounts.fields.products')}</legend>
          <p className="text-xs text-muted-foreground">{t('discounts.form.productsHint')}</p>
          {products.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('discounts.form.noProducts')}</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {products.map((product) => (
                <li key={product.id} className="flex items-center gap-2">
                  <Checkbox
                    id={fieldId(`product-${product.id}`)}
                    checked={productIds.includes(product.id)}
                    onCheckedChange={(checked) =>
                      setProductIds((current) =>
                        checked === true
                          ? [...current, product.id]
                          : current.filter((productId) => productId !== product.id),
                      )
                    }
                  />
                  <Label
                    htmlFor={fieldId(`product-${product.id}`)}
                    className="truncate font-normal"
                  >
                    {product.title}
                  </Label>
                </li>
              ))}
            </ul>
          )}
          {errors.productIds ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.productIds}
            </p>
          ) : null}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={fieldId('maxUses')}
            label={t('discounts.fields.maxUses')}
            hint={t('discounts.form.maxUsesHint')}
            error={errors.maxUses}
          >
            <Input
              {...fieldAria(fieldId('maxUses'), errors.maxUses, true)}
              inputMode="numeric"
              value={maxUses}
              onChange={(event) => setMaxUses(event.target.value)}
            />
          </FormField>
          <FormField
            id={fieldId('minAmount')}
            label={t('discounts.fields.minAmount')}
            error={errors.minAmount}
          >
            <Input
              {...fieldAria(fieldId('minAmount'), errors.minAmount)}
              inputMode="numeric"
              value={minAmount}
              onChange={(event) => setMinAmount(event.target.value)}
            />
          </FormField>
          <FormField
            id={fieldId('startsAt')}
            label={t('discounts.fields.startsAt')}
            hint={t('discounts.form.timeZoneHint')}
            error={errors.startsAt}
          >
            <Input
              {...fieldAria(fieldId('startsAt'), errors.startsAt, true)}
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
            />
          </FormField>
          <FormField
            id={fieldId('endsAt')}
            label={t('discounts.fields.endsAt')}
            hint={t('discounts.form.timeZoneHint')}
            error={errors.endsAt}
          >
            <Input
              {...fieldAria(fieldId('endsAt'), errors.endsAt, true)}
              type="datetime-local"
              value={endsAt}
              onChange={(event) => setEndsAt(event.target.value)}
            />
          </FormField>
        </div>

        <div>
          <Button type="submit" disabled={saving} data-testid="discount-save">
            {saving ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </div>

      <aside
        className="grid h-fit gap-3 rounded-lg border bg-muted/30 p-4"
        aria-live="polite"
        data-testid="discount-preview"
      >
        <h2 className="font-semibold">{t('discounts.preview.title')}</h2>
        {products.length > 0 ? (
          <FormField id={fieldId('previewProduct')} label={t('discounts.preview.product')}>
            <select
              id={fieldId('previewProduct')}
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={previewProduct}
              onChange={(event) => {
                setPreviewProduct(event.target.value);
                setPreviewPrice('');
              }}
            >
              {products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.title}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
        <FormField
          id={fieldId('previewPrice')}
          label={t('discounts.preview.listPrice')}
          hint={chosen?.priceKrw === undefined ? undefined : t('discounts.preview.listPriceHint')}
        >
          <Input
            id={fieldId('previewPrice')}
            inputMode="numeric"
            placeholder={chosen?.priceKrw === undefined ? '' : String(chosen.priceKrw)}
            value={previewPrice}
            onChange={(event) => setPreviewPrice(event.target.value)}
            data-testid="preview-price"
          />
        </FormField>
        {price ? (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('discounts.preview.discount')}</dt>
            <dd className="text-right tabular-nums">
              −{formatKrwAmount(price.discountAmount, language)}
            </dd>
            <dt className="font-medium">{t('discounts.preview.pays')}</dt>
            <dd
              className="text-right text-lg font-semibold tabular-nums"
              data-testid="preview-pays"
            >
              {formatKrwAmount(price.finalAmount, language)}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{t('discounts.preview.empty')}</p>
        )}
        {previewNote ? (
          <p className="text-sm text-amber-700 dark:text-amber-400">{previewNote}</p>
        ) : null}
      </aside>
    </form>
  );
}
