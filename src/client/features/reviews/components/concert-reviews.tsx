import { Heart, MessageCircle, MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Review } from '#shared/schemas/reviews';
import { authorName, initials } from '#shared/user-display';
import { EmptyState } from '../../../components/layout/empty-state';
import { ListState } from '../../../components/layout/list-state';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { pluralize } from '../../../lib/utils';
import { useConcertReviews } from '../api/get-concert-reviews';
import { formatPostedDate, formatRating } from '../../../lib/format';

const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** The concert's reviews, newest first; each opens its author's profile. */
export function ConcertReviews({ concertId }: { concertId: string }) {
  const headingId = useId();
  const reviewsQuery = useConcertReviews(concertId);
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
          <EmptyState
            icon={MessageSquare}
            title="No reviews yet"
            description="Been to this show? Tell other fans how it was."
            action={
              <Button asChild>
                <Link href={paths.reviews}>Write the first review</Link>
              </Button>
            }
          />
        }
      >
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((review) => (
              <li key={review.id}>
                <ReviewEntry review={review} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

function ReviewEntry({ review }: { review: Review }) {
  const name = authorName(review.user);
  const username = review.user.username;
  const posted = formatPostedDate(review.createdAt);
  const body = (
    <>
      <div className="flex items-start gap-3">
        <Avatar className="size-10">
          {review.user.profileImageUrl && <AvatarImage src={review.user.profileImageUrl} alt="" />}
          <AvatarFallback className="text-sm">{initials(review.user)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="min-w-0 truncate">
              {username ? (
                <Link
                  href={profileHref(username)}
                  className="font-semibold outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-primary"
                >
                  {name}
                </Link>
              ) : (
                <span className="font-semibold">{name}</span>
              )}
              {username && <span className="ml-2 text-sm text-muted-foreground">@{username}</span>}
            </p>
            {posted && (
              <time dateTime={review.createdAt} className="text-xs text-muted-foreground">
                {posted}
              </time>
            )}
          </div>
          <p className="mt-1 flex items-center gap-2">
            <Stars value={review.overallRating} size="sm" />
            <span className="text-sm font-medium tabular-nums">
              {formatRating(review.overallRating)}
            </span>
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm leading-relaxed text-pretty whitespace-pre-line">
        {review.reviewText}
      </p>
      <p className="mt-3 flex items-center gap-4 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <Heart
            className={review.isLiked ? 'size-4 fill-rose-500 text-rose-500' : 'size-4'}
            aria-hidden="true"
          />
          {pluralize(review.likesCount, 'like')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <MessageCircle className="size-4" aria-hidden="true" />
          {pluralize(review.commentsCount, 'comment')}
        </span>
      </p>
    </>
  );

  return (
    <article className="relative rounded-xl border bg-card p-4 shadow-sm transition-[border-color,box-shadow] has-[a:hover]:border-primary/40 has-[a:hover]:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50 sm:p-5">
      {body}
    </article>
  );
}

function ReviewsSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading reviews</span>
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="rounded-xl border bg-card p-5" aria-hidden="true">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
          <Skeleton className="mt-4 h-3 w-full" />
          <Skeleton className="mt-2 h-3 w-4/5" />
        </div>
      ))}
    </div>
  );
}
