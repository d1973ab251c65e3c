import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';

/**
 * Text cut after two lines (a 200-character product title on a phone), whole on hover (`title`)
 * and, when it was cut, behind a "more" button that touch screens can press.
 */
export function ClampedText({
  text,
  className,
  testId,
}: {
  text: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLSpanElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const isClamped = () => element.scrollHeight > element.clientHeight + 1;
    if (typeof ResizeObserver === 'undefined') {
      setClamped(isClamped());
      return;
    }
    // Measured once the browser has laid the page out for its next frame, so that reading the
    // size forces no layout of the whole page inside React's commit (a list of twenty titles on
    // a slow phone: a quarter of a second); set synchronously, the button is in place before
    // that frame is painted, so nothing shifts.
    const observer = new ResizeObserver(() => {
      const next = isClamped();
      flushSync(() => setClamped(next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  return (
    <span className={cn('grid min-w-0 justify-items-start gap-0.5', className)}>
      <span
        ref={ref}
        title={text}
        className={cn('min-w-0 wrap-anywhere', expanded ? '' : 'line-clamp-2')}
        data-testid={testId}
      >
        {text}
      </span>
      {clamped || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="rounded-sm text-xs font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {expanded ? t('common.showLess') : t('common.showMore')}
        </button>
      ) : null}
    </span>
  );
}
