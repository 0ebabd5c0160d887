import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { concertKeys } from './keys';

export { isNotFound } from '#client/lib/api';

/**
 * GET /api/concerts/{id}: ours, or (for a tm_ or sfm_ id we do not hold) the provider's,
 * which the server looks up itself.
 */
export function getConcert(id: string, signal?: AbortSignal): Promise<ConcertDetail> {
  return api.get<ConcertDetail>(`/concerts/${encodeURIComponent(id)}`, { signal });
}

export function concertQueryOptions(id: string) {
  return queryOptions({
    queryKey: concertKeys.detail(id),
    queryFn: ({ signal }) => getConcert(id, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useConcert(id: string) {
  return useQuery(concertQueryOptions(id));
}
