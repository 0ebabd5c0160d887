import type { InfiniteData } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';

/** How often reviews showing a photo or video still being processed are asked for again. */
export const PROCESSING_REFETCH_MS = 2000;

const showsProcessing = (reviews: readonly Review[]) =>
  reviews.some((review) => review.media.some((item) => item.processing));

/**
 * A `refetchInterval` for queries of reviews: the one exception to "no polling"
 * (docs/product.md §4), and only while a review shown holds media the server is still
 * processing, so the photo appears once it is ready without a reload. Nothing processing,
 * no polling.
 */
export function refetchWhileProcessing(query: {
  state: { data: Review[] | InfiniteData<Review[]> | undefined };
}): number | false {
  const { data } = query.state;
  if (!data) return false;
  const reviews = Array.isArray(data) ? data : data.pages.flat();
  return showsProcessing(reviews) ? PROCESSING_REFETCH_MS : false;
}
