import { type ComponentProps, Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import type { TablePlaceholders } from './data-table';

/**
 * The phone's form of a table: one card per row. While the rows load, and when there are
 * none, it says so in the table's own words (`placeholders`) instead of showing cards.
 */
export function CardList({
  loading,
  rowCount,
  placeholders,
  children,
}: {
  loading: boolean;
  rowCount: number;
  placeholders: TablePlaceholders;
  children: ReactNode;
}) {
  if (loading || rowCount === 0) {
    return (
      <p className="rounded-lg border py-8 text-center text-sm text-muted-foreground">
        {loading ? placeholders.loading.text : placeholders.empty.text}
      </p>
    );
  }
  return <ul className="grid gap-3">{children}</ul>;
}

/** One row as a card. */
export function CardListItem({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li className={cn('grid gap-3 rounded-lg border bg-card p-4 text-sm', className)} {...props} />
  );
}

export interface CardFact {
  label: string;
  value: ReactNode;
  /** Classes of the value (numbers, codes, long addresses). */
  className?: string;
  testId?: string;
}

/** A card's fields as label–value lines; the labels line up, the values wrap. */
export function CardFacts({ facts }: { facts: readonly CardFact[] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
      {facts.map((fact) => (
        <Fragment key={fact.label}>
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd className={fact.className} data-testid={fact.testId}>
            {fact.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
