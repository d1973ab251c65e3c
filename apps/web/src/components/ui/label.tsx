import type * as React from 'react';
import { cn } from '@/lib/class-names';

/**
 * A form label. A plain `<label>`: `select-none` already keeps a double click on it from
 * selecting text, which is all the Radix primitive added.
 */
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: every caller ties it to its control with htmlFor.
    <label
      data-slot="label"
      className={cn(
        'flex items-center gap-2 text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
