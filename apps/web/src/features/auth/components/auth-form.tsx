import type { FocusEventHandler, FormEventHandler, PointerEventHandler, ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** The frame of the login and signup forms: the form-wide error, the fields, the submit. */
export function AuthForm({
  onSubmit,
  onFocus,
  onPointerDown,
  submitting,
  formError,
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Focus entering the form, or a pointer pressed on it: the seller starts to use it. */
  onFocus?: FocusEventHandler<HTMLFormElement>;
  onPointerDown?: PointerEventHandler<HTMLFormElement>;
  submitting: boolean;
  formError: string | null;
  /** The button's text, which changes while the form is being sent. */
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      onFocus={onFocus}
      onPointerDown={onPointerDown}
      noValidate
      className="grid gap-5"
      aria-busy={submitting}
    >
      {formError ? <ErrorAlert data-testid="form-error">{formError}</ErrorAlert> : null}
      {children}
      <Button type="submit" size="lg" disabled={submitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
