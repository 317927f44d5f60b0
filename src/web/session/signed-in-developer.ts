import { useSyncExternalStore } from 'react';
import type { DeveloperRecord } from './session.js';
import { StorageKeys } from './storage.js';

const listeners = new Set<() => void>();

function readRecord(storage: Storage): Partial<DeveloperRecord> {
  try {
    const value: unknown = JSON.parse(storage.getItem(StorageKeys.developer) ?? '{}');
    return value !== null && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Who is signed in, as the header shows it: the stored name, else the e-mail, else ''. */
export function signedInName(storage: Storage = localStorage): string {
  const { name } = readRecord(storage);
  if (typeof name === 'string' && name !== '') return name;
  return storage.getItem(StorageKeys.email) ?? '';
}

/** Keeps the stored developer record in step with a saved profile, and tells the header. */
export function rememberProfile(
  profile: { readonly name: string; readonly mobile: string },
  storage: Storage = localStorage,
): void {
  const record = { ...readRecord(storage), name: profile.name, mobile: profile.mobile };
  storage.setItem(StorageKeys.developer, JSON.stringify(record));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab that saves the profile writes the same key.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useSignedInName(): string {
  return useSyncExternalStore(subscribe, () => signedInName());
}
