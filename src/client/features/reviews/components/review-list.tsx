import type { Review } from '#shared/schemas/reviews';
import { useReviewDialog } from '../hooks/review-dialog';
import { ReviewCard } from './review-card';

/**
 * Reviews as full cards, one under the other; the viewer's own open in the review dialog
 * to be edited.
 */
export function ReviewList({
  reviews,
  viewerId,
  label,
  showConcert,
}: {
  reviews: readonly Review[];
  viewerId: string | undefined;
  /** The list's accessible name, where the page has more than one list. */
  label?: string;
  showConcert?: boolean;
}) {
  const { openReviewDialog } = useReviewDialog();
  const edit = (review: Review) => openReviewDialog({ mode: 'edit', review });
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} viewerId={viewerId} onEdit={edit} showConcert={showConcert} />
        </li>
      ))}
    </ul>
  );
}
