import type * as React from 'react';
import { cn } from '@/lib/class-names';
import { Label } from './label';

/**
 * A labelled field with an optional hint and an error message. The control is rendered by
 * the caller with `id`, `aria-invalid` and `aria-describedby` from `fieldAria`.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
  className,
  labelAside,
}: {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string | undefined;
  children: React.ReactNode;
  className?: string;
  labelAside?: React.ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes that tie a control to its FormField texts. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
}
