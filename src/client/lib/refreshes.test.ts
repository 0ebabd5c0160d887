import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { analyticsKeys } from '../features/analytics/api/keys';
import { authKeys } from '../features/auth/api/keys';
import { catalogueKeys } from '../features/concerts/api/catalogue-keys';
import { concertKeys } from '../features/concerts/api/keys';
import { diaryKeys } from '../features/diary/api/keys';
import { notificationKeys } from '../features/notifications/api/keys';
import { rankingsKeys } from '../features/rankings/api/keys';
import { reviewKeys } from '../features/reviews/api/keys';
import { settingsKeys } from '../features/settings/api/keys';
import { userKeys } from '../features/users/api/keys';
import { wishlistKeys } from '../features/wishlist/api/keys';
import { yearKeys } from '../features/years/api/keys';
import { EVERYTHING, refresh, refreshes, type Write } from './refreshes';

/** Stands for any id or value a factory is given. */
const ANY = '<any>';

const factories = [
  analyticsKeys,
  authKeys,
  catalogueKeys,
  concertKeys,
  diaryKeys,
  notificationKeys,
  rankingsKeys,
  reviewKeys,
  settingsKeys,
  userKeys,
  wishlistKeys,
  yearKeys,
];

/** Every key the factories make, with ANY wherever a caller's value goes. */
const madeKeys: QueryKey[] = factories.flatMap((factory) =>
  Object.values(factory).map((make) =>
    typeof make === 'function' ? (make as (...args: unknown[]) => QueryKey)(ANY, ANY) : make,
  ),
);

const partMatches = (made: unknown, named: unknown) =>
  made === ANY || JSON.stringify(made) === JSON.stringify(named);

/** A named key exists when a factory makes it, or a longer key that starts with it. */
const exists = (named: QueryKey) =>
  madeKeys.some(
    (made) =>
      made.length >= named.length && named.every((part, index) => partMatches(made[index], part)),
  );

/** Each entry, asked with sample arguments. */
const sample = {
  review: { concertId: 'c1', userId: 'u1' },
  settings: { publicProfile: false, showConcertHistory: false },
};
const entries: Record<Write, readonly QueryKey[]> = {
  reviewWritten: refreshes.reviewWritten(sample.review),
  reviewLiked: refreshes.reviewLiked('r1'),
  commentWritten: refreshes.commentWritten('r1'),
  userFollowed: refreshes.userFollowed(),
  followerRemoved: refreshes.followerRemoved(),
  followRequestAnswered: refreshes.followRequestAnswered(),
  blockChanged: refreshes.blockChanged(),
  muteChanged: refreshes.muteChanged(),
  artistFollowed: refreshes.artistFollowed('a1'),
  wishlistChanged: refreshes.wishlistChanged(),
  attendanceChanged: refreshes.attendanceChanged('c1'),
  didYouGoAnswered: refreshes.didYouGoAnswered('c1'),
  ticketSaved: refreshes.ticketSaved(),
  diaryImportStarted: refreshes.diaryImportStarted(),
  csvImportPreviewed: refreshes.csvImportPreviewed(),
  diaryImportEnded: refreshes.diaryImportEnded(),
  notificationsRead: refreshes.notificationsRead(),
  profileUpdated: refreshes.profileUpdated(),
  settingsSaved: refreshes.settingsSaved(sample.settings),
  showAlertsSaved: refreshes.showAlertsSaved(),
  calendarFeedChanged: refreshes.calendarFeedChanged(),
  pushDeviceRemoved: refreshes.pushDeviceRemoved(),
  pushHereChanged: refreshes.pushHereChanged(),
  emailVerificationResent: refreshes.emailVerificationResent(),
  unsubscribed: refreshes.unsubscribed(),
  emailVerified: refreshes.emailVerified(),
  reportSent: refreshes.reportSent(),
  loggedOut: refreshes.loggedOut(),
  accountDeleted: refreshes.accountDeleted(),
};

/**
 * The source of every file that may hold a write: the features (whose api folders are where
 * writes belong), the pages, the shared components and hooks, and the app shell. A write
 * anywhere among them must be a useApiMutation naming its entry, so none lives outside the map.
 */
const clientDir = fileURLToPath(new URL('..', import.meta.url));
const writeFolders = ['features', 'pages', 'components', 'hooks', 'app'];
const isSource = (path: string) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path);
const sourceFiles = writeFolders
  .flatMap((folder) =>
    readdirSync(join(clientDir, folder), { recursive: true, encoding: 'utf8' })
      .filter(isSource)
      .map((path) => join(folder, path)),
  )
  .map((path) => ({ path, source: readFileSync(join(clientDir, path), 'utf8') }));
const count = (source: string, pattern: RegExp) => source.match(pattern)?.length ?? 0;

/** Seeds a cache with data under `keys`, all fresh. */
function cacheHolding(keys: readonly QueryKey[]) {
  const queryClient = new QueryClient();
  for (const queryKey of keys) queryClient.setQueryData(queryKey, []);
  return queryClient;
}
const staleOf = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  keys.filter((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated);

describe('the refresh map', () => {
  it.each(Object.entries(entries))('%s names only keys the factories make', (_write, keys) => {
    for (const key of keys) {
      if (key === EVERYTHING) continue;
      expect(exists(key), JSON.stringify(key)).toBe(true);
    }
  });

  it('has an entry for every mutation of the client, and no entry nobody uses', () => {
    const used = new Set<string>();
    for (const { path, source } of sourceFiles) {
      // TanStack's own hook would write past the template (and its refresh): only lib/ uses it.
      expect(count(source, /\buseMutation\(/g), `${path}: a write not on useApiMutation`).toBe(0);
      const mutations = count(source, /\buseApiMutation\(/g);
      const refreshed = [...source.matchAll(/\brefreshes\.(\w+)\(/g)].map((match) => match[1]!);
      refreshed.forEach((write) => used.add(write));
      expect(
        refreshed.length,
        `${path}: a mutation without its refreshes entry`,
      ).toBeGreaterThanOrEqual(mutations);
    }
    expect([...used].sort()).toEqual(Object.keys(refreshes).sort());
  });

  it('refreshes after a review its concert, its reviews, the timeline and the author, nothing unrelated', async () => {
    const related = [
      reviewKeys.byConcert('c1'),
      reviewKeys.timeline('following'),
      reviewKeys.timeline('trending'),
      reviewKeys.byUser('u1'),
      reviewKeys.recentByUser('u1'),
      reviewKeys.stats('u1'),
      reviewKeys.setlist('c1'),
      concertKeys.detail('c1'),
      concertKeys.list({ genre: 'rock' }),
    ];
    const unrelated = [
      reviewKeys.byConcert('c2'),
      reviewKeys.byUser('u2'),
      reviewKeys.comments('r1'),
      concertKeys.detail('c2'),
      wishlistKeys.entries(),
      userKeys.followList('u1', 'followers'),
      userKeys.muted(),
      notificationKeys.list(),
      authKeys.currentUser,
    ];
    const queryClient = cacheHolding([...related, ...unrelated]);
    await refresh(queryClient, refreshes.reviewWritten(sample.review));
    expect(staleOf(queryClient, related)).toEqual(related);
    expect(staleOf(queryClient, unrelated)).toEqual([]);
  });

  it('refreshes after a follow the people lists and Following, not Trending or the wishlist', async () => {
    const related = [
      userKeys.profile({ by: 'username', value: 'robin' }),
      userKeys.search('rob'),
      userKeys.followList('u1', 'following'),
      reviewKeys.timeline('following'),
    ];
    const unrelated = [reviewKeys.timeline('trending'), wishlistKeys.entries(), userKeys.blocks()];
    const queryClient = cacheHolding([...related, ...unrelated]);
    await refresh(queryClient, refreshes.userFollowed());
    expect(staleOf(queryClient, related)).toEqual(related);
    expect(staleOf(queryClient, unrelated)).toEqual([]);
  });

  it("refreshes after an import one's diary, its numbers and the marks, not the import it followed", async () => {
    const related = [
      diaryKeys.shows('me', {}),
      diaryKeys.shows('me', { year: '2024' }),
      diaryKeys.stats('me'),
      userKeys.profile({ by: 'username', value: 'robin' }),
      concertKeys.detail('c1'),
      concertKeys.marksOf(['c1', 'c2']),
      yearKeys.year('robin', 2024),
    ];
    const unrelated = [
      diaryKeys.import('i1'),
      diaryKeys.imports(),
      diaryKeys.shows('u2', {}),
      diaryKeys.stats('u2'),
      reviewKeys.timeline('following'),
    ];
    const queryClient = cacheHolding([...related, ...unrelated]);
    await refresh(queryClient, refreshes.diaryImportEnded());
    expect(staleOf(queryClient, related)).toEqual(related);
    expect(staleOf(queryClient, unrelated)).toEqual([]);
  });

  it('refreshes after a saved setting what shows privacy only when privacy changed', () => {
    expect(refreshes.settingsSaved({ emailNotifications: false })).toEqual([settingsKeys.mine()]);
    expect(refreshes.settingsSaved({ publicProfile: false })).toContainEqual(authKeys.currentUser);
  });
});
