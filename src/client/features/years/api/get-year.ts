import { queryOptions, useQuery } from '@tanstack/react-query';
import type { YearInReview } from '#shared/schemas/years';
import { api, apiUrl, isNotFound } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { yearKeys } from './keys';

const personPath = (username: string) => `/users/username/${encodeURIComponent(username)}`;

/** The address of a public year's shareable picture. */
export const yearImageUrl = (username: string, year: number) =>
  apiUrl(`${personPath(username)}/year/${year}/image.png`);

/** GET /api/users/username/{username}/year/{year}: one year in review. */
export function getYear(
  username: string,
  year: number,
  signal?: AbortSignal,
): Promise<YearInReview> {
  return api.get<YearInReview>(`${personPath(username)}/year/${year}`, { signal });
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

/** GET /api/users/username/{username}/years: the years in which the person attended shows, newest first. */
export async function getYearsWithShows(username: string, signal?: AbortSignal): Promise<number[]> {
  return (await api.get<{ years: number[] }>(`${personPath(username)}/years`, { signal })).years;
}

export function yearsWithShowsQueryOptions(username: string) {
  return queryOptions({
    queryKey: yearKeys.list(username),
    queryFn: ({ signal }) => getYearsWithShows(username, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useYearsWithShows(username: string | null) {
  return useQuery({ ...yearsWithShowsQueryOptions(username ?? ''), enabled: username !== null });
}

export const isYearNotFound = isNotFound;
