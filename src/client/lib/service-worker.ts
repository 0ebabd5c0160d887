/**
 * The page's side of the service worker (src/client/sw/sw.ts): registered once the page is
 * loaded and idle, so it never competes with the first render; and a new version, which
 * waits until the person says "Reload" instead of changing the app under their hands.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;

/** Takes the waiting version and reloads into it; undefined while none waits. */
let takeUpdate: (() => void) | undefined;
const listeners = new Set<Listener>();

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits, and how to take it. */
export function useServiceWorkerUpdate(): { ready: boolean; reload: () => void } {
  const waiting = useSyncExternalStore(
    subscribe,
    () => takeUpdate,
    () => undefined,
  );
  return { ready: waiting !== undefined, reload: () => waiting?.() };
}

export const canUseServiceWorker = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;

export function registerServiceWorker(): void {
  // The development server serves no /sw.js: the worker is a build's.
  if (!canUseServiceWorker() || import.meta.env.DEV) return;
  const start = () => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { scope: '/' });
        workbox.addEventListener('waiting', () => {
          takeUpdate = () => {
            workbox.addEventListener('controlling', () => window.location.reload());
            workbox.messageSkipWaiting();
          };
          for (const listener of listeners) listener();
        });
        return workbox.register();
      })
      .catch(() => {
        // A browser that refuses it (blocked, private windows of some): the app works without.
      });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start) : setTimeout(start, 1);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
