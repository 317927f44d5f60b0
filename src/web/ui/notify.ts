import { useSyncExternalStore } from 'react';

type Toasts = typeof import('react-toastify/unstyled');

let toasts: Promise<Toasts> | undefined;
const listeners = new Set<() => void>();

/**
 * The notices library, fetched with the first notice: no screen needs it to render, so the
 * first page does not wait for it (issue 10). A notice asked for before the area is
 * mounted waits in the library's queue and shows when it mounts.
 */
function loadToasts(): Promise<Toasts> {
  if (toasts === undefined) {
    toasts = import('react-toastify/unstyled');
    // A failed fetch (a deploy removed the chunk) is tried again with the next notice.
    toasts.catch(() => (toasts = undefined));
    for (const listener of listeners) listener();
  }
  return toasts;
}

function show(kind: 'success' | 'error' | 'info' | 'warn' | 'bare') {
  return (text: string) => {
    loadToasts().then(
      ({ toast }) => (kind === 'bare' ? toast(text) : toast[kind](text)),
      () => undefined,
    );
  };
}

/** The notice kinds of docs/product.md section 4; each disappears by the root timeout. */
export const notify = {
  success: show('success'),
  error: show('error'),
  // 'alert' notices read as errors to the user; role=alert is set by the container.
  alert: show('error'),
  info: show('info'),
  warn: show('warn'),
  bare: show('bare'),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a notice was asked for: the root view then mounts the notices area. */
export function useHasNotices(): boolean {
  return useSyncExternalStore(subscribe, () => toasts !== undefined);
}
