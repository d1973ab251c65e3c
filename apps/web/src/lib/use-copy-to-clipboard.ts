import { limits } from '@seller/contract/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Shows a toast. Sonner is a chunk of its own that the signed-in shell loads for its toast
 * outlet (routes/app/root.tsx); the screens that copy links do not carry it.
 */
function showToast(kind: 'success' | 'error', text: string): void {
  import('sonner').then(
    ({ toast }) => toast[kind](text),
    () => undefined,
  );
}

/**
 * Copies a text to the clipboard with a toast; `copied` stays true for
 * `limits.copyConfirmationMs` after the last successful copy.
 */
export function useCopyToClipboard({
  copiedText,
  failedText,
  onError,
  onCopied,
}: {
  copiedText: string;
  failedText: string;
  /** Called with the reason when the copy failed, before the error toast. */
  onError?: (error: unknown) => void;
  /** Called after each successful copy. */
  onCopied?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
        setCopied(true);
        showToast('success', copiedText);
        onCopied?.();
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), limits.copyConfirmationMs);
      } catch (error) {
        onError?.(error);
        showToast('error', failedText);
      }
    },
    [copiedText, failedText, onError, onCopied],
  );

  return { copied, copy };
}
