import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordChecklist } from './password-checklist';
import { PasswordStrength } from './password-strength';

interface PasswordFieldProps {
  label: string;
  /** `register(name)` of the form's react-hook-form; the name is also the input's id. */
  registration: UseFormRegisterReturn;
  /** The translated error, if any. */
  error: string | undefined;
}

/**
 * A password being chosen, with its strength meter and checklist as it is typed (at least
 * `minLength` characters, the signup's unless told), then the same password again.
 */
export function NewPasswordFields({
  password,
  confirmation,
  value,
  minLength,
  disabled,
}: {
  password: PasswordFieldProps;
  confirmation: PasswordFieldProps;
  /** What is typed in the first field so far. */
  value: string;
  minLength?: number;
  disabled: boolean;
}) {
  return (
    <>
      <FormField id={password.registration.name} label={password.label} error={password.error}>
        <PasswordInput
          {...fieldAria(password.registration.name, password.error)}
          autoComplete="new-password"
          disabled={disabled}
          {...password.registration}
        />
        <PasswordStrength password={value} minLength={minLength} />
        <PasswordChecklist password={value} minLength={minLength} />
      </FormField>
      <FormField
        id={confirmation.registration.name}
        label={confirmation.label}
        error={confirmation.error}
      >
        <PasswordInput
          {...fieldAria(confirmation.registration.name, confirmation.error)}
          autoComplete="new-password"
          disabled={disabled}
          {...confirmation.registration}
        />
      </FormField>
    </>
  );
}
