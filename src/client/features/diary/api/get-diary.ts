import {
  DIARY_PAGE_MAX,
  DIARY_PAGE_SIZE,
  type DiaryPage,
  type DiaryShow,
  type DiaryStats,
} from '#shared/schemas/diary';
import { api } from '#client/lib/api';
import { apiPages, apiQuery } from '#client/lib/api-query';
import { pageSearch } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { diaryKeys, type DiaryFilters } from './keys';

const diaryPath = (who: string) => `/users/${encodeURIComponent(who)}/diary`;

/** The filters as the search of GET /api/users/{me|id}/diary, leaving out the blank ones. */
export function filterSearch(filters: DiaryFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  );
}

/**
 * GET /api/users/{me|id}/diary: the shows, newest first, a page at a time; the first page of
 * one's own also holds "Did you go?". A 403 means the person keeps their history private.
 */
export const { options: diaryQueryOptions, use: useDiary } = apiPages<
  DiaryShow,
  [who: string, filters: DiaryFilters],
  DiaryPage
>({
  key: diaryKeys.shows,
  path: diaryPath,
  limit: DIARY_PAGE_SIZE,
  filters: (_who, filters) => filterSearch(filters),
  itemsOf: (page) => page.shows,
  staleTime: FRESH_FOR_MS.shared,
});

/** GET /api/users/{me|id}/diary/stats: the numbers of the whole diary. */
export const { options: diaryStatsQueryOptions, use: useDiaryStats } = apiQuery<
  DiaryStats,
  [who: string]
>({
  key: diaryKeys.stats,
  path: (who) => `${diaryPath(who)}/stats`,
  staleTime: FRESH_FOR_MS.shared,
});

/** Every show of the diary with the filters (for the CSV), the largest pages the API gives. */
export async function fetchWholeDiary(who: string, filters: DiaryFilters): Promise<DiaryShow[]> {
  const shows: DiaryShow[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await api.get<DiaryPage>(diaryPath(who), {
      search: pageSearch(DIARY_PAGE_MAX, before, filterSearch(filters)),
    });
    shows.push(...page.shows);
    if (page.shows.length < DIARY_PAGE_MAX) return shows;
    before = page.shows.at(-1)?.id;
  }
}
