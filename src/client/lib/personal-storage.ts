/**
 * What this browser keeps of a signed-in person goes whenever they sign out or delete their
 * account, and when another account signs in here: the next person at this browser must not
 * find it. That is their review drafts (under one prefix of localStorage), the pages and
 * answers the service worker kept for offline use, and this device's push subscription.
 */
import { OFFLINE_CACHES } from '#shared/offline';
import { turnOffPushHere } from './push-here';

export const PERSONAL_STORAGE_PREFIX = 'encore:review-drafts:';
/** Whose data the offline caches hold: the id of the last account signed in here. */
const OFFLINE_OWNER_KEY = 'encore:offline-owner';
/** Which upcoming shows' pages were last read for offline, for whom and when. */
const OFFLINE_KEPT_KEY = 'encore:offline-kept';

export interface KeptForOffline {
  userId: string;
  /** The shows' ids, in the order read. */
  shows: string;
  at: number;
}

function forgetDrafts(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (key?.startsWith(PERSONAL_STORAGE_PREFIX)) localStorage.removeItem(key);
    }
    localStorage.removeItem(OFFLINE_OWNER_KEY);
    localStorage.removeItem(OFFLINE_KEPT_KEY);
  } catch {
    // Storage that is blocked or unavailable holds nothing to forget.
  }
}

async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}

/**
 * Forgets the person at this browser. With `server: true` (while the session lasts) the
 * server forgets this device at once; otherwise the browser's subscription ends, and the push
 * service's refusal of the next push removes the device.
 */
export async function forgetPersonalData({ server }: { server: boolean }) {
  forgetDrafts();
  await Promise.all([
    forgetOfflineCopies(),
    turnOffPushHere({ server }).catch(() => {
      // A push service out of reach: the next push to this device fails and removes it.
    }),
  ]);
}

/**
 * Called with whoever is signed in: if the offline caches hold another account's pages
 * (one that never signed out here), they go before anything of theirs can be shown.
 */
export async function keepOfflineCopiesOf(userId: string): Promise<void> {
  try {
    const owner = localStorage.getItem(OFFLINE_OWNER_KEY);
    if (owner === userId) return;
    if (owner !== null) await forgetOfflineCopies();
    localStorage.setItem(OFFLINE_OWNER_KEY, userId);
  } catch {
    // Without storage there is no owner to compare: nothing is kept for long either.
  }
}

/** What was last read for offline here, if anything. */
export function lastKeptForOffline(): KeptForOffline | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(OFFLINE_KEPT_KEY) ?? 'null') as unknown;
    return kept && typeof kept === 'object' ? (kept as KeptForOffline) : undefined;
  } catch {
    return undefined;
  }
}

export function noteKeptForOffline(kept: KeptForOffline): void {
  try {
    localStorage.setItem(OFFLINE_KEPT_KEY, JSON.stringify(kept));
  } catch {
    // Without storage, the next visit reads them again.
  }
}
