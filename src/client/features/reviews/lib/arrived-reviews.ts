/**
 * Reviews that reached the Following timeline while the page was open (told by the live
 * stream, app/live-updates.ts), kept aside until the reader asks for them: the list does not
 * change under the reader's eyes, a button says how many wait.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;
const listeners = new Set<Listener>();
let arrived: readonly string[] = [];

const notify = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A review reached the timeline (told again, it is counted once). */
export function noteArrivedReview(reviewId: string): void {
  if (arrived.includes(reviewId)) return;
  arrived = [...arrived, reviewId];
  notify();
}

/** The reader asked for them, or signed out. */
export function forgetArrivedReviews(): void {
  if (arrived.length === 0) return;
  arrived = [];
  notify();
}

/** The ids of the reviews that arrived, oldest first. */
export function useArrivedReviews(): readonly string[] {
  return useSyncExternalStore(
    subscribe,
    () => arrived,
    () => arrived,
  );
}

/** "1 new review", "3 new reviews". */
export const newReviewsLabel = (count: number) =>
  count === 1 ? '1 new review' : `${count} new reviews`;
