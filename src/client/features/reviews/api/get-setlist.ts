import { useQuery } from '@tanstack/react-query';
import type { ConcertSetlist } from '#shared/schemas/setlists';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/concerts/{id}/setlist: the songs with how many reviewers marked each; null without one. */
export const { options: setlistQueryOptions } = apiQuery<ConcertSetlist, [concertId: string]>({
  key: reviewKeys.setlist,
  path: (concertId) => `/concerts/${encodeURIComponent(concertId)}/setlist`,
  staleTime: FRESH_FOR_MS.shared,
});

export function useSetlist(concertId: string | undefined) {
  return useQuery({ ...setlistQueryOptions(concertId ?? ''), enabled: concertId !== undefined });
}
