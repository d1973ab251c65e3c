import { useState } from 'react';

/**
 * A part of the page whose code loads when the seller reaches for it (a menu): its button is a
 * look-alike until then. Pointing at the button or focusing it fetches the code; activating it
 * shows the real part, which opens at once (`activated`). Nothing of it loads, nor runs, while
 * the page starts (issue 6: Lighthouse's Total Blocking Time on a slow phone).
 */
export function useOnDemand(load: () => Promise<unknown>) {
  const [activated, setActivated] = useState(false);
  const prefetch = () => {
    load().catch(() => undefined);
  };
  return {
    activated,
    /** For the look-alike button. */
    triggerProps: {
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => setActivated(true),
    },
  };
}
