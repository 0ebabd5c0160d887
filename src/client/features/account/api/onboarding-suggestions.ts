import { useQuery } from '@tanstack/react-query';
import type { ArtistSuggestion } from '#shared/schemas/catalogue';
import type { UserSummary } from '#shared/schemas/users';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';

/** How many of each the wizard's Follow step offers. */
export const SUGGESTED_ARTISTS = 6;
export const SUGGESTED_PEOPLE = 5;

/**
 * The wizard's own keys: a follow made in the step leaves its lists as they are (with the
 * button saying Following), where Find Friends' suggestions would drop the person followed.
 */
const onboardingKeys = {
  artists: (city: string | null, genres: readonly string[]) =>
    ['account', 'onboarding', 'artists', city ?? '', [...genres].sort().join(',')] as const,
  people: () => ['account', 'onboarding', 'people'] as const,
};

/** GET /api/artists/suggestions: popular artists of the city's and genres' shows. */
export const { options: artistSuggestionsQueryOptions } = apiQuery<
  ArtistSuggestion[],
  [city: string | null, genres: readonly string[]]
>({
  key: onboardingKeys.artists,
  path: () => '/artists/suggestions',
  search: (city, genres) => ({
    ...(city ? { city } : {}),
    ...(genres.length > 0 ? { genres: genres.join(',') } : {}),
    limit: String(SUGGESTED_ARTISTS),
  }),
  staleTime: FRESH_FOR_MS.shared,
});

/** GET /api/users/suggestions: people of the same city, then who like the same genres. */
export const { options: peopleSuggestionsQueryOptions } = apiQuery<UserSummary[]>({
  key: onboardingKeys.people,
  path: () => '/users/suggestions',
  search: () => ({ limit: String(SUGGESTED_PEOPLE) }),
  staleTime: FRESH_FOR_MS.shared,
});

export function useArtistSuggestions(city: string | null, genres: readonly string[]) {
  return useQuery(artistSuggestionsQueryOptions(city, genres));
}

export function usePeopleSuggestions() {
  return useQuery(peopleSuggestionsQueryOptions());
}
