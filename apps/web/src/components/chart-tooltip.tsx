import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A chart's tooltip (see `useChartDays`), its bottom centre at `left` and `top` percent of the
 * chart's box, moved sideways as far as it takes to stay inside the box (on a phone, the
 * screen).
 */
export function ChartTooltip({
  id,
  left,
  top,
  children,
  testId = 'chart-tooltip',
}: {
  id: string;
  left: number;
  top: number;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);
  // After every render: the text, and with it the width, changes with the day shown.
  useLayoutEffect(() => {
    const element = ref.current;
    const box = element?.offsetParent;
    if (!element || !(box instanceof HTMLElement)) return;
    const half = element.offsetWidth / 2;
    const anchor = (left / 100) * box.clientWidth;
    const centre = Math.min(Math.max(anchor, half), Math.max(half, box.clientWidth - half));
    setShift(Math.round(centre - anchor));
  });
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-[min(16rem,calc(100%-1rem))] -translate-x-1/2 -translate-y-full rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md"
      style={{ left: `calc(${left}% + ${shift}px)`, top: `${top}%` }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
