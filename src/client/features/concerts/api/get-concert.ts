import type { ConcertDetail } from '#shared/schemas/concerts';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { concertKeys } from './keys';

/**
 * GET /api/concerts/{id}: ours, or (for a tm_ or sfm_ id we do not hold) the provider's,
 * which the server looks up itself.
 */
export const { options: concertQueryOptions, use: useConcert } = apiQuery<
  ConcertDetail,
  [id: string]
>({
  key: concertKeys.detail,
  path: (id) => `/concerts/${encodeURIComponent(id)}`,
  staleTime: FRESH_FOR_MS.shared,
});
