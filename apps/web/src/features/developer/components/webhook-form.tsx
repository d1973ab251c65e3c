import { zodResolver } from '@hookform/resolvers/zod';
import { putWebhookBodySchema, webhookUrlSchema } from '@seller/contract/developer/set-webhook';
import { type WebhookEvent, webhookEvents } from '@seller/contract/developer/webhook';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import type { WebhookSettings } from '../api/get-webhook';
import { type SavedWebhook, useSetWebhook } from '../api/set-webhook';
import { hasWebhookUrlForm } from '../lib/webhook-url';
import { CodeCheckboxes } from './code-checkboxes';

/** The contract's body, and the address's form checked before it is sent. */
const webhookFormSchema = z.object({
  url: webhookUrlSchema.refine(hasWebhookUrlForm, 'webhookUrlInvalid'),
  events: putWebhookBodySchema.shape.events,
});
type WebhookFormInput = z.input<typeof webhookFormSchema>;
type WebhookFormOutput = z.output<typeof webhookFormSchema>;

/** What each event tells the receiver, in the seller's words. */
const eventHintKeys = {
  'sale.created': 'developer.webhook.eventHints.saleCreated',
  'sale.refunded': 'developer.webhook.eventHints.saleRefunded',
  'product.updated': 'developer.webhook.eventHints.productUpdated',
  'payout.paid': 'developer.webhook.eventHints.payoutPaid',
} as const satisfies Record<WebhookEvent, string>;

/**
 * Where events are sent and which ones. A new webhook listens to sales unless told otherwise;
 * an address the server refuses (a private or local network) is said under the field.
 */
export function WebhookForm({
  webhook,
  onSaved,
}: {
  webhook: WebhookSettings;
  onSaved: (saved: SavedWebhook) => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, clearErrors, formState } = useForm<
    WebhookFormInput,
    unknown,
    WebhookFormOutput
  >({
    resolver: zodResolver(webhookFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      url: webhook.url ?? '',
      events: webhook.url ? webhook.events : ['sale.created'],
    },
  });
  const save = useSetWebhook();

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      const fieldOfCode = { webhook_url_not_allowed: 'url' } as const;
      if (applyServerFieldErrors(error, ['url', 'events'], setError, fieldOfCode)) return;
      setFormError(errorMessage(t, error, t('developer.webhook.saveFailed')));
    }
  });

  const urlError = fieldErrorText(t, formState.errors.url?.message);
  const submitting = formState.isSubmitting;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-5"
      data-testid="webhook-form"
    >
      {formError ? <ErrorAlert data-testid="webhook-save-error">{formError}</ErrorAlert> : null}
      <FormField
        id="webhook-url"
        label={t('developer.webhook.url')}
        hint={t('developer.webhook.urlHint')}
        error={urlError}
      >
        <Input
          {...fieldAria('webhook-url', urlError, true)}
          type="url"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={webhookUrlSchema.maxLength ?? undefined}
          placeholder="https://example.com/webhooks/seller-center"
          disabled={submitting}
          {...register('url', { onChange: () => clearErrors('url') })}
        />
      </FormField>
      <CodeCheckboxes
        control={control}
        name="events"
        clearErrors={clearErrors}
        idPrefix="webhook-event"
        legend={t('developer.webhook.events')}
        codes={webhookEvents}
        hint={(event) => t(eventHintKeys[event])}
        testIdPrefix="event"
        disabled={submitting}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting} data-testid="save-webhook">
          {submitting ? t('common.saving') : t('developer.webhook.save')}
        </Button>
      </div>
    </form>
  );
}
