import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The width of `ref`'s box, followed as it changes; measured before the first paint, so that
 * a chart is drawn once at its real size. 720 where nothing can be measured (tests in jsdom).
 */
export function useBoxWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth || 720);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
