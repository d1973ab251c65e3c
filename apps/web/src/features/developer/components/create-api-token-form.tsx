import { zodResolver } from '@hookform/resolvers/zod';
import { type ApiScope, apiScopes } from '@seller/contract/api-scopes';
import {
  apiTokenNameSchema,
  createApiTokenBodySchema,
} from '@seller/contract/developer/create-api-token';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { type CreatedApiToken, useCreateApiToken } from '../api/create-api-token';
import { CodeCheckboxes } from './code-checkboxes';

type TokenFormInput = z.input<typeof createApiTokenBodySchema>;
type TokenFormOutput = z.output<typeof createApiTokenBodySchema>;

/** What each scope lets a token do, in the seller's words. */
const scopeHintKeys = {
  'products:read': 'developer.tokens.scopeHints.productsRead',
  'products:write': 'developer.tokens.scopeHints.productsWrite',
  'sales:read': 'developer.tokens.scopeHints.salesRead',
} as const satisfies Record<ApiScope, string>;

/** A new token: its name and the scopes it may use. The secret goes to `onCreated`. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, clearErrors, formState } = useForm<
    TokenFormInput,
    unknown,
    TokenFormOutput
  >({
    resolver: zodResolver(createApiTokenBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', scopes: [] },
  });
  const create = useCreateApiToken();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const token = await create.mutateAsync(values);
      reset({ name: '', scopes: [] });
      onCreated(token);
    } catch (error) {
      if (applyServerFieldErrors(error, ['name', 'scopes'], setError)) return;
      setFormError(errorMessage(t, error, t('developer.tokens.createFailed')));
    }
  });

  const nameError = fieldErrorText(t, formState.errors.name?.message);
  const submitting = formState.isSubmitting;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-5"
      aria-labelledby="create-api-token-title"
      data-testid="create-api-token-form"
    >
      <h3 id="create-api-token-title" className="font-semibold">
        {t('developer.tokens.createTitle')}
      </h3>
      {formError ? <ErrorAlert data-testid="create-api-token-error">{formError}</ErrorAlert> : null}
      <FormField
        id="api-token-name"
        label={t('developer.tokens.name')}
        hint={t('developer.tokens.nameHint')}
        error={nameError}
      >
        <Input
          {...fieldAria('api-token-name', nameError, true)}
          autoComplete="off"
          maxLength={apiTokenNameSchema.maxLength ?? undefined}
          placeholder={t('developer.tokens.namePlaceholder')}
          disabled={submitting}
          {...register('name', { onChange: () => clearErrors('name') })}
        />
      </FormField>
      <CodeCheckboxes
        control={control}
        name="scopes"
        clearErrors={clearErrors}
        idPrefix="api-token-scope"
        legend={t('developer.tokens.scopes')}
        codes={apiScopes}
        hint={(scope) => t(scopeHintKeys[scope])}
        testIdPrefix="scope"
        disabled={submitting}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting} data-testid="create-api-token">
          <PlusIcon aria-hidden="true" />
          {submitting ? t('developer.tokens.creating') : t('developer.tokens.create')}
        </Button>
      </div>
    </form>
  );
}
