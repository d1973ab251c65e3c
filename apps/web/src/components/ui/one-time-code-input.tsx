import type * as React from 'react';
import { cn } from '@/lib/class-names';
import { Input } from './input';

/** Digits an authenticator app shows. */
const codeLength = 6;

/**
 * The code of an authenticator app: the phone's number pad, the keyboard's offer of a code
 * just received (`one-time-code`), and only digits kept (a pasted `123 456` becomes `123456`).
 */
export function OneTimeCodeInput({ className, onChange, ...props }: React.ComponentProps<'input'>) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      className={cn('font-mono tracking-[0.3em] tabular-nums', className)}
      {...props}
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, codeLength);
        onChange?.(event);
      }}
    />
  );
}
