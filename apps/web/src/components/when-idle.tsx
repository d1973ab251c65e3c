import { type ReactNode, Suspense } from 'react';
import { useIdle } from '@/lib/use-idle';

/**
 * Shows `fallback` until the browser is first idle, then `children` (lazy parts of the page:
 * menus, the toast outlet), still showing `fallback` while their code loads. The page's first
 * paint and input readiness do not wait for them (issue 6).
 */
export function WhenIdle({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const idle = useIdle();
  return idle ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
