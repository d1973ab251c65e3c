import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Cancel, then the form's submit, whose text changes while the form is sent; neither can be
 * pressed meanwhile. `form` ties the submit to a form it stands outside of.
 */
export function FormActions({
  onCancel,
  submitting,
  submitText,
  submittingText,
  destructive = false,
  form,
}: {
  onCancel: () => void;
  submitting: boolean;
  submitText: string;
  submittingText: string;
  destructive?: boolean;
  form?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </Button>
      <Button
        type="submit"
        form={form}
        variant={destructive ? 'destructive' : 'default'}
        disabled={submitting}
      >
        {submitting ? submittingText : submitText}
      </Button>
    </>
  );
}
