import { type ComponentProps, Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import type { TablePlaceholders } from './data-table';

/**
 * The classes of a list of cards whose cards from the seventh on are neither laid out nor
 * painted until they come near the screen (`content-visibility: auto`; meanwhile each keeps its
 * last height, at first 14rem): a phone lays out the few cards it shows, not all of the page's,
 * when the rows arrive. The first six, about a screenful, are laid out at once: a skipped card
 * takes its placeholder height in the frame the rows arrive in and its own in the next, which
 * moved everything under a short list (the sessions above the account's activity) by the
 * difference.
 */
export const cardsLaidOutNearScreen =
  'grid gap-3 [&>li:nth-child(n+7)]:[contain-intrinsic-block-size:auto_14rem] [&>li:nth-child(n+7)]:[content-visibility:auto]';

/**
 * The phone's form of a table: one card per row (`cardsLaidOutNearScreen`). While the rows
 * load, and when there are none, it says so in the table's own words (`placeholders`) instead
 * of showing cards.
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
  return <ul className={cardsLaidOutNearScreen}>{children}</ul>;
}

/**
 * One row as a card, in a `CardList`. `min-w-0`: a card skipped at one width must not hold the
 * list at that width after the screen narrows.
 */
export function CardListItem({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li
      className={cn('grid min-w-0 gap-3 rounded-lg border bg-card p-4 text-sm', className)}
      {...props}
    />
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
