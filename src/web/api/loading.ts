import { useSyncExternalStore } from 'react';

// Requests in flight that the global spinner of the root view reflects.
let inFlight = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Marks a request as running; call the returned function when it settles. */
export function startLoading(): () => void {
  inFlight += 1;
  emit();
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    inFlight -= 1;
    emit();
  };
}

export function useIsLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => inFlight > 0,
  );
}
