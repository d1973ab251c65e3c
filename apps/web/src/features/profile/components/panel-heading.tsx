import { useEffect, useRef } from 'react';

/**
 * The heading of a step that replaces part of a card (setting up, recovery codes, turning
 * off): it takes the focus as it appears, so that keyboard and screen reader users start there.
 */
export function PanelHeading({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-1.5">
      <h3 id={id} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {title}
      </h3>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}
