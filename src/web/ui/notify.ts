import { useSyncExternalStore } from 'react';

type Toasts = typeof import('react-toastify/unstyled');

let loading: Promise<Toasts> | undefined;
let loaded: Toasts | null = null;
const listeners = new Set<() => void>();

/**
 * The notices library, fetched with the first notice: no screen needs it to render, so the
 * first page does not wait for it (decision 029). A notice asked for before the container
 * is mounted waits in the library's queue and shows when it mounts.
 */
function loadToasts(): Promise<Toasts> {
  loading ??= import('react-toastify/unstyled').then(
    (toasts) => {
      loaded = toasts;
      for (const listener of listeners) listener();
      return toasts;
    },
    (error: unknown) => {
      // A failed fetch (a deploy removed the chunk) is tried again with the next notice.
      loading = undefined;
      throw error;
    },
  );
  return loading;
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

/** The notices library once the first notice has loaded it, for the root view's container. */
export function useLoadedToasts(): Toasts | null {
  return useSyncExternalStore(subscribe, () => loaded);
}
