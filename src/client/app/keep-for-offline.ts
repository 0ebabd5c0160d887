import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQueryOptions } from '#client/features/auth/api/get-user';
import { concertFriendsQueryOptions } from '#client/features/concerts/api/get-concert-friends';
import { concertQueryOptions } from '#client/features/concerts/api/get-concert';
import { upcomingGoingQueryOptions } from '#client/features/concerts/api/get-upcoming-going';
import { dayKey } from '#client/features/concerts/lib/concert-format';
import { diaryQueryOptions } from '#client/features/diary/api/get-diary';
import { concertReviewsQueryOptions } from '#client/features/reviews/api/get-concert-reviews';
import { setlistQueryOptions } from '#client/features/reviews/api/get-setlist';
import { myWishlistQueryOptions } from '#client/features/wishlist/api/get-my-wishlist';
import { isOffline } from '#client/lib/offline';
import {
  keepOfflineCopiesOf,
  lastKeptForOffline,
  noteKeptForOffline,
} from '#client/lib/personal-storage';
import { canUseServiceWorker } from '#client/lib/service-worker';

/** How many upcoming shows are kept for the door, soonest first. */
const SHOWS_KEPT = 20;
/**
 * The same shows' pages are read again at most this often: each visit reads the lists (a
 * show marked or saved since is read at once), not the four answers of every show.
 */
const SHOWS_FRESH_FOR_MS = 60 * 60_000;

/**
 * Keeps what a person needs at the door readable offline: once the service worker runs, the
 * pages of their "Going" and saved shows still to come are read, so that it keeps them, with
 * their diary (ticket details). If another account's copies are there, they go first.
 */
export function useKeptForOffline(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await keepOfflineCopiesOf(userId);
      if (!canUseServiceWorker() || isOffline()) return;
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
      }
      if (!cancelled) await readUpcomingShows(queryClient, userId, () => cancelled);
    })().catch(() => {
      // What could not be read now is read on the next visit.
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient, userId]);
}

/** Read again whatever the page holds already: what counts is that the worker sees it. */
const FROM_THE_SERVER = { staleTime: 0 };

async function readUpcomingShows(
  queryClient: QueryClient,
  userId: string,
  cancelled: () => boolean,
) {
  const today = dayKey();
  const [going, saved] = await Promise.all([
    queryClient.fetchQuery({ ...upcomingGoingQueryOptions(), ...FROM_THE_SERVER }),
    queryClient.fetchQuery({ ...myWishlistQueryOptions(), ...FROM_THE_SERVER }),
    queryClient.prefetchInfiniteQuery({ ...diaryQueryOptions('me', {}), ...FROM_THE_SERVER }),
    // Who is signed in: without it an offline page would open signed out.
    queryClient.prefetchQuery({ ...currentUserQueryOptions(), ...FROM_THE_SERVER }),
  ]);
  const shows = [...going.concerts, ...saved.filter((concert) => concert.date >= today)]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((concert) => concert.id);
  const kept = [...new Set(shows)].slice(0, SHOWS_KEPT);
  const last = lastKeptForOffline();
  if (
    last?.userId === userId &&
    last.shows === kept.join(',') &&
    Date.now() - last.at < SHOWS_FRESH_FOR_MS
  )
    return;
  for (const id of kept) {
    if (cancelled() || isOffline()) return;
    await Promise.all([
      queryClient.prefetchQuery({ ...concertQueryOptions(id), ...FROM_THE_SERVER }),
      queryClient.prefetchQuery({ ...setlistQueryOptions(id), ...FROM_THE_SERVER }),
      queryClient.prefetchQuery({ ...concertReviewsQueryOptions(id), ...FROM_THE_SERVER }),
      queryClient.prefetchQuery({ ...concertFriendsQueryOptions(id), ...FROM_THE_SERVER }),
    ]);
  }
  noteKeptForOffline({ userId, shows: kept.join(','), at: Date.now() });
}
