/**
 * Marks <html> with the kind of input the seller used last: `data-input="pointer"` after a
 * mouse, pen or finger press, `"keyboard"` after a key. Browsers draw a focus ring (they match
 * `:focus-visible`) when a script moves the focus, and some components do after a click (a
 * tab, a menu that closes): index.css hides rings while the last input was a pointer.
 */
export function trackInputModality(): void {
  const root = document.documentElement;
  const mark = (kind: 'pointer' | 'keyboard') => () => {
    if (root.dataset.input !== kind) root.dataset.input = kind;
  };
  window.addEventListener('pointerdown', mark('pointer'), { capture: true, passive: true });
  window.addEventListener('keydown', mark('keyboard'), { capture: true, passive: true });
}
