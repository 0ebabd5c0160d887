import { useSyncExternalStore } from 'react';

/** Relative times ("2 min ago") move on this often; nothing finer is shown. */
export const NOW_TICK_MS = 60_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

/** One timer for the whole page, running only while something shows a relative time. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(tick, NOW_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getSnapshot(): number {
  // While nothing watches it the clock stands still: read then, it is set again (at most
  // once a tick, so every read of one render agrees).
  if (!timer && Math.abs(Date.now() - now) >= NOW_TICK_MS) now = Date.now();
  return now;
}

/**
 * The time now in milliseconds, the same for every component and updated once a minute,
 * so relative times stay fresh without asking the server anything.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
