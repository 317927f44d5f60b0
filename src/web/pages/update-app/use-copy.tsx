import { useState } from 'react';
import { notify } from '../../ui/notify.js';
import { CopyFallback } from './CopyFallback.js';

/**
 * Copying a key or secret: the clipboard and a notice, or, when the browser refuses it, the
 * whole value selected in a dialog (`fallback`, to render once beside the copy buttons).
 */
export function useCopy() {
  const [refused, setRefused] = useState<{ label: string; text: string } | null>(null);
  const copy = async (label: string, text: string, notice: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(notice);
    } catch {
      setRefused({ label, text });
    }
  };
  const fallback = (
    <CopyFallback
      text={refused?.text ?? null}
      label={refused?.label ?? ''}
      onClose={() => setRefused(null)}
    />
  );
  return { copy, fallback };
}
