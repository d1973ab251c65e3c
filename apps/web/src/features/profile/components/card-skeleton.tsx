import type { ComponentProps } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The place of a card while the profile loads: a bar for each line of its heading (given by
 * their size classes, all different), then `children` as its content.
 */
export function CardSkeleton({
  heading,
  contentClassName,
  children,
  ...props
}: ComponentProps<typeof Card> & { heading: readonly string[]; contentClassName?: string }) {
  return (
    <Card {...props}>
      <CardHeader>
        {heading.map((bar) => (
          <Skeleton key={bar} className={bar} />
        ))}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
