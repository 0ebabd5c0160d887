import { PenLine } from 'lucide-react';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { SkeletonStack } from '#client/components/layout/loading-status';
import { LoadMore } from '#client/components/layout/load-more';
import { useRecentUserReviews } from '../api/get-recent-user-reviews';
import { useUserReviews } from '../api/get-user-reviews';
import { ReviewList } from './review-list';

/**
 * Of the few recent reviews asked for, the overview shows this many (docs/product.md §9: 2 of 3).
 */
const RECENT_SHOWN = 2;

function ReviewsLoading({ label, count }: { label: string; count: number }) {
  return <SkeletonStack label={label} count={count} skeletonClassName="h-40 w-full rounded-xl" />;
}

function NoReviews({ isOwn }: { isOwn: boolean }) {
  return (
    <EmptyState
      icon={PenLine}
      title="No reviews yet"
      description={isOwn ? 'Reviews you write show up here.' : 'Reviews they write show up here.'}
    />
  );
}

/** A profile's Reviews tab: all of the person's reviews, newest first, paged. */
export function UserReviewList({ userId, viewerId }: { userId: string; viewerId: string }) {
  const reviewsQuery = useUserReviews(userId);
  const reviews = reviewsQuery.data?.pages.flat();
  return (
    <ListState
      query={reviewsQuery}
      items={reviews}
      loading={<ReviewsLoading label="Loading reviews" count={2} />}
      error={{ title: 'Failed to load reviews' }}
      empty={<NoReviews isOwn={userId === viewerId} />}
    >
      {(shown) => (
        <div className="flex flex-col gap-3">
          <ReviewList reviews={shown} viewerId={viewerId} label="Reviews" />
          <LoadMore query={reviewsQuery} label="Load more reviews" />
        </div>
      )}
    </ListState>
  );
}

/** A profile's Recent Reviews: the first few asked for, two of them shown. */
export function RecentUserReviews({ userId, viewerId }: { userId: string; viewerId: string }) {
  const recent = useRecentUserReviews(userId);
  return (
    <ListState
      query={recent}
      items={recent.data?.slice(0, RECENT_SHOWN)}
      loading={<ReviewsLoading label="Loading recent reviews" count={1} />}
      error={{ title: 'Failed to load recent reviews' }}
      empty={<NoReviews isOwn={userId === viewerId} />}
    >
      {(shown) => <ReviewList reviews={shown} viewerId={viewerId} label="Recent reviews" />}
    </ListState>
  );
}
