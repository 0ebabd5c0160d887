/**
 * Whether the browser is offline, and since when what the page shows was saved: the service
 * worker answers a read it could not fetch from its cache, stamped with SAVED_AT_HEADER
 * (src/client/sw/sw.ts), and api.ts reports each such answer here.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
/** The oldest saving among the answers shown from the cache since the network went. */
let savedAt: Date | undefined;

const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  const changed = () => {
    if (navigator.onLine) savedAt = undefined;
    listener();
  };
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** An answer came from the service worker's cache, saved at `when` (ISO). */
export function noteSavedAnswer(when: string): void {
  const saved = new Date(when);
  if (Number.isNaN(saved.getTime())) return;
  if (savedAt && savedAt <= saved) return;
  savedAt = saved;
  notify();
}

/** Offline or not; when offline, since when what is shown was saved (if it came from the cache). */
export function useOffline(): { offline: boolean; savedAt: Date | undefined } {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false);
  const saved = useSyncExternalStore(
    subscribe,
    () => savedAt,
    () => undefined,
  );
  return { offline, savedAt: offline ? saved : undefined };
}
