import { CalendarClock, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button';
import { formatDay } from '#client/lib/format';
import { useReviewDialog } from '../hooks/review-dialog';
import type { DraftConcert } from '../lib/drafts';
import { reviewsOpen } from '../lib/reviewable';

/**
 * Opens the review dialog on this concert; on a concert the viewer reviewed already it reads
 * "Edit your review" and opens that review (one review per show). A concert still to come
 * cannot be reviewed yet: the button's place says from when it can.
 */
export function WriteReviewButton({
  concert,
  reviewId,
  label = 'Write Review',
}: {
  concert: DraftConcert;
  /** The viewer's own review of the concert, when they wrote one. */
  reviewId?: string | null;
  label?: string;
}) {
  const { openReviewDialog, editReview } = useReviewDialog();
  const [opening, setOpening] = useState(false);
  if (reviewId) {
    return (
      <Button
        type="button"
        busy={opening}
        onClick={() => {
          setOpening(true);
          void editReview(reviewId).finally(() => setOpening(false));
        }}
      >
        <PenLine aria-hidden="true" />
        Edit your review
      </Button>
    );
  }
  if (!reviewsOpen(concert.date)) {
    return (
      <p className="inline-flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
        <CalendarClock className="size-4" aria-hidden="true" />
        Reviews open on {formatDay(concert.date)}
      </p>
    );
  }
  return (
    <Button type="button" onClick={() => openReviewDialog({ mode: 'create', concert })}>
      <PenLine aria-hidden="true" />
      {label}
    </Button>
  );
}
