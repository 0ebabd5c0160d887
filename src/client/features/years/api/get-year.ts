import { queryOptions, useQuery } from '@tanstack/react-query';
import type { YearInReview } from '#shared/schemas/years';
import { ApiError, apiRequest, readJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';

/** Query keys of a person's years in review. */
export const yearKeys = {
  all: ['years'] as const,
  year: (username: string, year: number) => [...yearKeys.all, username, year] as const,
  list: (username: string) => [...yearKeys.all, username, 'list'] as const,
};

const base = (username: string) => `/api/users/username/${encodeURIComponent(username)}`;

/** The address of a public year's shareable picture. */
export const yearImageUrl = (username: string, year: number) =>
  `${base(username)}/year/${year}/image.png`;

export async function getYear(
  username: string,
  year: number,
  signal?: AbortSignal,
): Promise<YearInReview> {
  const response = await apiRequest('GET', `${base(username)}/year/${year}`, undefined, { signal });
  return readJson<YearInReview>(response);
}

export function yearQueryOptions(username: string, year: number) {
  return queryOptions({
    queryKey: yearKeys.year(username, year),
    queryFn: ({ signal }) => getYear(username, year, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useYear(username: string, year: number) {
  return useQuery(yearQueryOptions(username, year));
}

/** The years in which the person attended shows, newest first. */
export function useYearsWithShows(username: string | null) {
  return useQuery({
    queryKey: yearKeys.list(username ?? ''),
    queryFn: async ({ signal }) => {
      const response = await apiRequest('GET', `${base(username!)}/years`, undefined, { signal });
      return (await readJson<{ years: number[] }>(response)).years;
    },
    enabled: username !== null,
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function isYearNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
