import { useQuery } from '@tanstack/react-query';
import type { ReviewedConcert } from '#shared/schemas/concerts';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/**
 * GET /api/users/me/reviewed-concerts: which of these concerts the person reviewed, with the
 * review, so the dialog opens that one to edit instead of starting a second (one per show).
 */
export const { options: reviewedConcertsQueryOptions } = apiQuery<
  ReviewedConcert[],
  [userId: string, concertIds: readonly string[]]
>({
  key: (userId, concertIds) => reviewKeys.reviewedConcerts(userId, concertIds),
  path: () => '/users/me/reviewed-concerts',
  search: (_userId, concertIds) => ({ concertIds: concertIds.join(',') }),
  staleTime: FRESH_FOR_MS.shared,
});

/** The person's reviews of these concerts by concert id (none asked: none, and no request). */
export function useReviewedConcerts(userId: string, concertIds: readonly string[]) {
  const query = useQuery({
    ...reviewedConcertsQueryOptions(userId, concertIds),
    enabled: concertIds.length > 0,
  });
  const reviewIdOf = new Map((query.data ?? []).map((r) => [r.concertId, r.reviewId]));
  return { reviewIdOf, isPending: concertIds.length > 0 && query.isPending };
}
