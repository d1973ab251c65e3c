import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The top of a card: its title, with `aside` on the same line when given (a status badge), and
 * the description under it.
 */
export function CardHeading({
  title,
  titleId,
  description,
  aside,
}: {
  title: ReactNode;
  /** For a control inside the card that the title names (`aria-labelledby`). */
  titleId?: string;
  description?: ReactNode;
  aside?: ReactNode;
}) {
  const heading = <CardTitle id={titleId}>{title}</CardTitle>;
  return (
    <CardHeader>
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {description ? <CardDescription>{description}</CardDescription> : null}
    </CardHeader>
  );
}
