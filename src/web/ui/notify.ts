import { useEffect, useSyncExternalStore } from 'react';
import { ToastConfig } from '../../contract/limits.js';

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

/**
 * The notices area's settings, but for the timeout: the library's own ends with the
 * `animationend` of a hidden progress bar, and a loaded Chromium was seen to fire that
 * within 0.3 s of a notice showing (e2e/login-page.spec.ts). Each notice's timer is ours.
 */
export const NoticeAreaProps = { ...ToastConfig, autoClose: false } as const;

let shown = 0;
/** The page the developer is on, kept by `useCloseStaleErrors`. */
let currentPage = window.location.pathname;
/** Error notices still open, each with the page it belongs to. */
const openErrors = new Map<string, string>();

/** Closes the open error notices that `isStale` picks. */
function closeErrors(isStale: (page: string) => boolean) {
  for (const [toastId, page] of openErrors) {
    if (!isStale(page)) continue;
    openErrors.delete(toastId);
    loaded?.toast.dismiss(toastId);
  }
}

type Kind = 'success' | 'error' | 'info' | 'warn' | 'bare';

function show(kind: Kind) {
  /** `page`: where the notice belongs when it is raised on the way to another page. */
  return (text: string, page: string = currentPage) => {
    shown += 1;
    const toastId = `notice-${shown}`;
    // A success closes the errors of its page: the developer tried again and it worked.
    if (kind === 'success') closeErrors((errorPage) => errorPage === page);
    if (kind === 'error') openErrors.set(toastId, page);
    loadToasts().then(
      ({ toast }) => {
        if (kind === 'error' && !openErrors.has(toastId)) return;
        // From when it shows: a notice asked for before the area mounts waits for it.
        const onOpen = () => setTimeout(() => toast.dismiss(toastId), ToastConfig.autoClose);
        const onClose = () => openErrors.delete(toastId);
        const options = { toastId, onOpen, onClose };
        return kind === 'bare' ? toast(text, options) : toast[kind](text, options);
      },
      () => undefined,
    );
  };
}

/**
 * The notice kinds of docs/product.md section 4; each disappears by the root timeout, and an
 * error one sooner when its page's action then succeeds or the developer leaves its page.
 */
export const notify = {
  success: show('success'),
  error: show('error'),
  // 'alert' notices read as errors to the user; role=alert is set by the container.
  alert: show('error'),
  info: show('info'),
  warn: show('warn'),
  bare: show('bare'),
};

/**
 * For the root view, given the route's path: closes the error notices of the pages left. The
 * path comes from the caller: importing the router here split React into a chunk of its own.
 */
export function useCloseStaleErrors(pathname: string) {
  useEffect(() => {
    currentPage = pathname;
    closeErrors((page) => page !== pathname);
  }, [pathname]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notices library once the first notice has loaded it, for the root view's container. */
export function useLoadedToasts(): Toasts | null {
  return useSyncExternalStore(subscribe, () => loaded);
}
