import type * as React from 'react';
import { cn } from '@/lib/class-names';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

/** Placeholder bars one under the other, each given by its size classes (all different). */
export function SkeletonStack({
  bars,
  className,
}: {
  bars: readonly string[];
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      {bars.map((bar) => (
        <Skeleton key={bar} className={bar} />
      ))}
    </div>
  );
}
