import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChangePasswordForm,
  changePasswordFormSchema,
} from '@seller/contract/auth/change-password';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@/components/notice-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText, validationParams } from '@/lib/validation-message';
import { useChangePassword } from '../api/change-password';
import { CardHeading } from './card-heading';
import { CardSkeleton } from './card-skeleton';

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const emptyForm: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation password; the form is reset after a successful change. */
export function ChangePasswordCard({
  email,
  onNotice,
}: {
  /** Tells password managers which account the new password belongs to. */
  email: string;
  onNotice: (notice: Notice | null) => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, clearErrors, setError, formState } =
    useForm<ChangePasswordForm>({
      resolver: zodResolver(changePasswordFormSchema),
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      defaultValues: emptyForm,
    });
  const change = useChangePassword();

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    onNotice(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(emptyForm);
      onNotice({ kind: 'success', text: t('profile.passwordChangeSuccess') });
    } catch (error) {
      // A wrong current password and a too common new one come with the field in `details`.
      if (applyServerFieldErrors(error, fields, setError)) return;
      onNotice({ kind: 'error', text: errorMessage(t, error, t('profile.passwordChangeFailed')) });
    }
  });

  const errors = {
    currentPassword: fieldErrorText(t, formState.errors.currentPassword?.message),
    newPassword: fieldErrorText(t, formState.errors.newPassword?.message),
    confirmPassword: fieldErrorText(t, formState.errors.confirmPassword?.message),
  };
  const submitting = formState.isSubmitting;

  return (
    <Card data-testid="change-password-card">
      <CardHeading
        title={t('profile.changePassword.title')}
        description={t('profile.changePassword.description')}
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CardContent className="grid gap-5">
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <FormField
            id="currentPassword"
            label={t('profile.changePassword.currentPassword')}
            error={errors.currentPassword}
          >
            <PasswordInput
              {...fieldAria('currentPassword', errors.currentPassword)}
              autoComplete="current-password"
              disabled={submitting}
              {...register('currentPassword', { onChange: () => clearErrors('currentPassword') })}
            />
          </FormField>
          <FormField
            id="newPassword"
            label={t('profile.changePassword.newPassword')}
            hint={t('profile.changePassword.newPasswordHint', validationParams)}
            error={errors.newPassword}
          >
            <PasswordInput
              {...fieldAria('newPassword', errors.newPassword, true)}
              autoComplete="new-password"
              disabled={submitting}
              {...register('newPassword', { onChange: () => clearErrors('newPassword') })}
            />
          </FormField>
          <FormField
            id="confirmPassword"
            label={t('profile.changePassword.confirmPassword')}
            error={errors.confirmPassword}
          >
            <PasswordInput
              {...fieldAria('confirmPassword', errors.confirmPassword)}
              autoComplete="new-password"
              disabled={submitting}
              {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })}
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={submitting}>
            {submitting
              ? t('profile.changePassword.submitting')
              : t('profile.changePassword.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function ChangePasswordCardSkeleton() {
  return (
    <CardSkeleton
      aria-hidden="true"
      heading={['h-6 w-40', 'h-4 w-72']}
      contentClassName="grid gap-5"
    >
      {[0, 1, 2].map((row) => (
        <div key={row} className="grid gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </CardSkeleton>
  );
}
