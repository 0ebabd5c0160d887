import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertSetlist } from '#shared/schemas/setlists';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/concerts/{id}/setlist: the songs with how many reviewers marked each; null without one. */
export function getSetlist(concertId: string, signal?: AbortSignal): Promise<ConcertSetlist> {
  return api.get<ConcertSetlist>(`/concerts/${encodeURIComponent(concertId)}/setlist`, { signal });
}

export function setlistQueryOptions(concertId: string) {
  return queryOptions({
    queryKey: reviewKeys.setlist(concertId),
    queryFn: ({ signal }) => getSetlist(concertId, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useSetlist(concertId: string | undefined) {
  return useQuery({ ...setlistQueryOptions(concertId ?? ''), enabled: concertId !== undefined });
}
