import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { AvatarLinesSkeleton, LoadingStatus } from '#client/components/layout/loading-status';
import { Skeleton } from '#client/components/ui/skeleton';
import { useConcertReviews } from '../api/get-concert-reviews';
import type { DraftConcert } from '../lib/drafts';
import { reviewsOpen } from '../lib/reviewable';
import { ReviewCard } from './review-card';
import { ReviewList } from './review-list';
import { WriteReviewButton } from './write-review-button';

/** The concert's reviews, newest first, each a full review card. */
export function ConcertReviews({
  concert,
  viewerId,
}: {
  concert: DraftConcert;
  viewerId: string | undefined;
}) {
  const headingId = useId();
  const reviewsQuery = useConcertReviews(concert.id);
  const reviews = reviewsQuery.data;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight">
        Reviews
        {reviews && reviews.length > 0 && (
          <span className="ml-2 text-base font-normal text-muted-foreground tabular-nums">
            ({reviews.length})
          </span>
        )}
      </h2>
      <ListState
        query={reviewsQuery}
        items={reviews}
        loading={<ReviewsSkeleton />}
        error={{ title: 'Failed to load reviews' }}
        empty={
          reviewsOpen(concert.date) ? (
            <EmptyState
              icon={MessageSquare}
              title="No reviews yet"
              description="Been to this show? Tell other fans how it was."
              action={
                // Signed out, the page's own "Sign in to save, review or like" stands for it.
                viewerId !== undefined && (
                  <WriteReviewButton concert={concert} label="Write the first review" />
                )
              }
            />
          ) : (
            // A show still to come: the hero says from when it can be reviewed.
            <EmptyState
              icon={MessageSquare}
              title="No reviews yet"
              description="Reviews of this show open once it has happened."
            />
          )
        }
      >
        {(list) =>
          viewerId === undefined ? (
            // Signed out there is no review dialog (it lives in the signed-in frame), and no
            // review of the viewer's own to edit in it.
            <ul className="flex flex-col gap-3">
              {list.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} viewerId={undefined} showConcert={false} />
                </li>
              ))}
            </ul>
          ) : (
            <ReviewList reviews={list} viewerId={viewerId} showConcert={false} />
          )
        }
      </ListState>
    </section>
  );
}

function ReviewsSkeleton() {
  return (
    <LoadingStatus label="Loading reviews" className="flex flex-col gap-3">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="rounded-xl border bg-card p-5" aria-hidden="true">
          <div className="flex items-center gap-3">
            <AvatarLinesSkeleton
              avatarClassName="size-10"
              lineClassNames={['h-4 w-1/3', 'h-3 w-1/4']}
            />
          </div>
          <Skeleton className="mt-4 h-3 w-full" />
          <Skeleton className="mt-2 h-3 w-4/5" />
        </div>
      ))}
    </LoadingStatus>
  );
}
