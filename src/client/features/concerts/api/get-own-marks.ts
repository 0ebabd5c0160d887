import { useQueries, type QueryKey } from '@tanstack/react-query';
import type { AttendanceLookup, AttendanceStatus } from '#shared/schemas/attendance';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { concertKeys } from './keys';

/**
 * GET /api/users/me/attendance?concertIds=…: the viewer's marks on a page of concert cards.
 * A list of concerts is cached and shared by everyone, so the marks are read apart: one
 * request a page of cards (at most ATTENDANCE_LOOKUP_MAX ids).
 */
export const { options: ownMarksQueryOptions } = apiQuery<
  AttendanceLookup,
  [concertIds: readonly string[]]
>({
  key: concertKeys.marksOf,
  path: () => '/users/me/attendance',
  search: (concertIds) => ({ concertIds: concertIds.join(',') }),
  staleTime: FRESH_FOR_MS.own,
});

export interface OwnMarks {
  /** The viewer's mark on the concert; undefined while unknown, null when none. */
  statusOf: (concertId: string) => AttendanceStatus | null | undefined;
  /** The viewer's review of the concert, which keeps "I was there"; null when none. */
  reviewIdOf: (concertId: string) => string | null;
  /** The key of the marks that hold the concert, for a toggle to change them at once. */
  keyOf: (concertId: string) => QueryKey | undefined;
}

/**
 * The viewer's marks on the cards of each page of a list (`pages`: each page's concert ids),
 * read page by page; nothing is asked while `enabled` is off (signed out).
 */
export function useOwnMarks(pages: readonly (readonly string[])[], enabled: boolean): OwnMarks {
  const asked = enabled ? pages.filter((ids) => ids.length > 0) : [];
  const results = useQueries({
    queries: asked.map((ids) => ownMarksQueryOptions(ids)),
  });
  const status = new Map<string, AttendanceStatus | null>();
  const keys = new Map<string, QueryKey>();
  const reviews = new Map<string, string>();
  asked.forEach((ids, index) => {
    const data = results[index]?.data;
    const key = concertKeys.marksOf(ids);
    for (const id of ids) {
      keys.set(id, key);
      if (data) status.set(id, null);
    }
    for (const mark of data?.marks ?? []) {
      status.set(mark.concertId, mark.status);
      if (mark.reviewId) reviews.set(mark.concertId, mark.reviewId);
    }
  });
  return {
    statusOf: (id) => status.get(id),
    reviewIdOf: (id) => reviews.get(id) ?? null,
    keyOf: (id) => keys.get(id),
  };
}
