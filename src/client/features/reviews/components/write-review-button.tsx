import { CalendarClock, PenLine } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { formatDay } from '#client/lib/format';
import { useReviewDialog } from '../hooks/review-dialog';
import type { DraftConcert } from '../lib/drafts';

/** Today as yyyy-MM-dd in the reader's own calendar. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * Opens the review dialog on this concert. A concert still to come cannot be reviewed
 * yet: the button's place says from when it can.
 */
export function WriteReviewButton({
  concert,
  label = 'Write Review',
}: {
  concert: DraftConcert;
  label?: string;
}) {
  const { openReviewDialog } = useReviewDialog();
  if (concert.date > today()) {
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
