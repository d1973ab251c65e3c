import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A step that replaces part of a card (setting up, recovery codes, turning off): a section named
 * by its heading, which takes the focus as it appears, so that keyboard and screen reader users
 * start there. `id` is the heading's, for other elements it names.
 */
export function Panel({
  id,
  title,
  description,
  className = 'grid gap-4',
  children,
}: {
  id: string;
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={id} className={className}>
      <div className="grid gap-1.5">
        <h3 id={id} ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
