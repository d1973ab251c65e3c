import { type ReactNode, Suspense, useState } from 'react';

/** What the menu's stand-in button needs: a press shows the menu, pointing or focusing loads it. */
export interface MenuButtonProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * A menu whose code (Radix, with its popper and focus handling) loads when the seller reaches
 * for it, not with the page: until then a button that looks the same stands in for it, so that
 * nothing of the menu loads or runs while the page starts (on a slow phone that is the page's
 * blocking time). Pointing at the button or focusing it fetches the code; pressing it shows
 * `children`, the menu (a `React.lazy` of the same import), which opens at once.
 */
export function LazyMenu({
  load,
  button,
  children,
}: {
  load: () => Promise<unknown>;
  button: (buttonProps: MenuButtonProps) => ReactNode;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => {
    load().catch(() => undefined);
  };
  const standIn = button({
    onClick: () => setWanted(true),
    onPointerEnter: prefetch,
    onFocus: prefetch,
  });
  if (!wanted) return standIn;
  return <Suspense fallback={standIn}>{children}</Suspense>;
}
