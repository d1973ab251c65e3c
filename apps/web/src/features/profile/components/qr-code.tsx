import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { qrMargin, qrPath } from '../lib/two-factor-text';

type Drawing =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; size: number; path: string };

/**
 * `value` as a QR code, drawn as an SVG in the page (dark on white in either theme, as readers
 * need). The `qrcode` package loads only when a code is shown.
 */
export function QrCode({
  value,
  label,
  failedText,
}: {
  value: string;
  /** What the image is, for screen readers. */
  label: string;
  /** Shown instead when the code cannot be drawn. */
  failedText: string;
}) {
  const [drawing, setDrawing] = useState<Drawing>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    setDrawing({ kind: 'loading' });
    import('qrcode')
      .then(({ default: qrcode }) => {
        const { modules } = qrcode.create(value, { errorCorrectionLevel: 'M' });
        if (current) setDrawing({ kind: 'ready', size: modules.size, path: qrPath(modules) });
      })
      .catch(() => {
        if (current) setDrawing({ kind: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [value]);

  if (drawing.kind === 'failed') {
    return <p className="text-sm text-muted-foreground">{failedText}</p>;
  }
  return (
    <div className="size-44 shrink-0 overflow-hidden rounded-md border bg-white">
      {drawing.kind === 'ready' ? (
        <svg
          role="img"
          aria-label={label}
          data-testid="two-factor-qr"
          viewBox={`0 0 ${drawing.size + 2 * qrMargin} ${drawing.size + 2 * qrMargin}`}
          shapeRendering="crispEdges"
          className="size-full"
        >
          <path d={drawing.path} fill="#000" />
        </svg>
      ) : (
        <Skeleton className="size-full rounded-none" />
      )}
    </div>
  );
}
