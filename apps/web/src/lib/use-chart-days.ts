import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';

/**
 * The days of a chart as the pointer, a finger and the keyboard reach them, through one button
 * per day laid over the drawing (a quiet day's bar is too thin to aim at). A mouse shows a
 * day's tooltip while it points at it, a tap or a click shows it until another day is chosen,
 * and the keyboard has one tab stop for the whole chart: the arrow keys, Home and End move
 * between days and Escape hides the tooltip. No `title` attribute: the browser's own tooltip
 * shows for a mouse only, after a delay.
 */
export function useChartDays(count: number) {
  const tooltipId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The day the tooltip is about, and the day that holds the chart's one tab stop.
  const [shown, setShown] = useState<number | null>(null);
  const [current, setCurrent] = useState(Math.max(0, count - 1));

  const show = (index: number) => {
    setCurrent(index);
    setShown(index);
  };
  const focusDay = (index: number) => {
    const next = Math.min(Math.max(index, 0), count - 1);
    show(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowDown: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index + 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusDay(target);
    } else if (event.key === 'Escape') {
      setShown(null);
    }
  };

  /** The props of the `index`-th day's button. */
  const dayProps = (index: number) => ({
    type: 'button' as const,
    ref: (element: HTMLButtonElement | null) => {
      buttons.current[index] = element;
    },
    tabIndex: index === current ? 0 : -1,
    'aria-describedby': shown === index ? tooltipId : undefined,
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.pointerType === 'mouse') setShown(index);
    },
    onClick: () => show(index),
    onFocus: () => show(index),
    onBlur: () => setShown((value) => (value === index ? null : value)),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => onKeyDown(event, index),
  });

  /** The props of the element around the chart: the mouse leaving it hides the tooltip. */
  const chartProps = {
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') setShown(null);
    },
  };

  return { shown, tooltipId, dayProps, chartProps };
}
