import { useQuery } from '@tanstack/react-query';
import type { YearInReview } from '#shared/schemas/years';
import { apiUrl } from '#client/lib/api';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { yearKeys } from './keys';

const personPath = (username: string) => `/users/username/${encodeURIComponent(username)}`;

/** The address of a public year's shareable picture. */
export const yearImageUrl = (username: string, year: number) =>
  apiUrl(`${personPath(username)}/year/${year}/image.png`);

/** GET /api/users/username/{username}/year/{year}: one year in review. */
export const { options: yearQueryOptions, use: useYear } = apiQuery<
  YearInReview,
  [username: string, year: number]
>({
  key: yearKeys.year,
  path: (username, year) => `${personPath(username)}/year/${year}`,
  staleTime: FRESH_FOR_MS.shared,
});

/** GET /api/users/username/{username}/years: the years in which the person attended shows, newest first. */
export const { options: yearsWithShowsQueryOptions } = apiQuery<
  { years: number[] },
  [username: string]
>({
  key: yearKeys.list,
  path: (username) => `${personPath(username)}/years`,
  staleTime: FRESH_FOR_MS.shared,
});

const yearsOf = (answer: { years: number[] }) => answer.years;

export function useYearsWithShows(username: string | null) {
  return useQuery({
    ...yearsWithShowsQueryOptions(username ?? ''),
    enabled: username !== null,
    select: yearsOf,
  });
}
