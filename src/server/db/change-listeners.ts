import type { ChangeChannel } from './change-feed-channels.js';
import type { FeedLog } from './change-feed-log.js';

/** The feed's subscribers, by channel, and its resync listeners; one failing never stops the rest. */
export function createChangeListeners(log: FeedLog) {
  const byChannel = new Map<ChangeChannel, Set<(payload: string) => void>>();
  const resyncs = new Set<() => void>();

  function safely(call: () => void) {
    try {
      call();
    } catch (error) {
      log.error({ err: error }, 'a change feed listener failed');
    }
  }

  return {
    subscribe: (channel: ChangeChannel, listener: (payload: string) => void): (() => void) => {
      let listeners = byChannel.get(channel);
      if (listeners === undefined) {
        listeners = new Set();
        byChannel.set(channel, listeners);
      }
      // A wrapper of its own: the same function subscribed twice is called twice.
      const entry = (payload: string) => listener(payload);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    onResync: (listener: () => void): (() => void) => {
      const entry = () => listener();
      resyncs.add(entry);
      return () => resyncs.delete(entry);
    },
    deliver: (channel: ChangeChannel, payload: string): void => {
      for (const listener of [...(byChannel.get(channel) ?? [])]) safely(() => listener(payload));
    },
    resync: (): void => {
      for (const listener of [...resyncs]) safely(listener);
    },
  };
}

export type ChangeListeners = ReturnType<typeof createChangeListeners>;
