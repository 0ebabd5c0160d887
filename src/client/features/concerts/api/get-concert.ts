import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertDetail, ConcertListItem } from '#shared/schemas/concerts';
import { ApiError, apiRequest, readJson } from '../../../lib/api';

const TICKETMASTER_PREFIX = 'tm_';

/**
 * GET /api/concerts/{id}. An event from the ticketing provider (id "tm_…") that the catalogue
 * does not know is asked for at GET /api/ticketmaster/events/{id}; it has no reviews yet.
 */
export async function getConcert(id: string, signal?: AbortSignal): Promise<ConcertDetail> {
  const segment = encodeURIComponent(id);
  try {
    const response = await apiRequest('GET', `/api/concerts/${segment}`, undefined, { signal });
    return await readJson<ConcertDetail>(response);
  } catch (error) {
    if (!(
      error instanceof ApiError &&
      error.status === 404 &&
      id.startsWith(TICKETMASTER_PREFIX)
    )) {
      throw error;
    }
    const response = await apiRequest('GET', `/api/ticketmaster/events/${segment}`, undefined, {
      signal,
    });
    const event = await readJson<ConcertListItem & Partial<ConcertDetail>>(response);
    return {
      ...event,
      reviewCount: event.reviewCount ?? 0,
      averageRatings: event.averageRatings ?? null,
      isWishlisted: event.isWishlisted ?? false,
    };
  }
}

export const concertQueryKey = (id: string) => ['/api/concerts', id] as const;

export function concertQueryOptions(id: string) {
  return queryOptions({
    queryKey: concertQueryKey(id),
    queryFn: ({ signal }) => getConcert(id, signal),
  });
}

export function useConcert(id: string) {
  return useQuery(concertQueryOptions(id));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
