import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { ApiError, apiRequest, readJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { concertKeys } from './keys';

/**
 * GET /api/concerts/{id}: ours, or (for a tm_ or sfm_ id we do not hold) the provider's,
 * which the server looks up itself.
 */
export async function getConcert(id: string, signal?: AbortSignal): Promise<ConcertDetail> {
  const response = await apiRequest('GET', `/api/concerts/${encodeURIComponent(id)}`, undefined, {
    signal,
  });
  return readJson<ConcertDetail>(response);
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

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
