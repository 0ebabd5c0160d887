import { Heart, MapPin, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { Review } from '#shared/schemas/reviews';
import { authorName } from '#shared/user-display';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { Button } from '#client/components/ui/button';
import { ExactTimeTooltip, RelativeTime } from '#client/components/ui/relative-time';
import { Stars } from '#client/components/ui/stars';
import { concertPath, pathTo, paths, reviewPath } from '#client/config/paths';
import { formatDay, formatRating } from '#client/lib/format';
import { LikeButton } from './like-button';
import { ReviewActions } from './review-actions';
import { ReportButton } from './report-button';
import { ReviewMediaStrip } from './review-media-strip';

const CommentsDialog = lazy(() =>
  import('./comments-dialog').then((module) => ({ default: module.CommentsDialog })),
);

const ASPECTS = [
  ['Performance', 'performanceRating'],
  ['Sound', 'soundRating'],
  ['Venue', 'venueRating'],
  ['Value', 'valueRating'],
] as const;

/** Finds a review's card on the page, to put focus on it (after it is posted, say). */
export const reviewCardSelector = (reviewId: string) =>
  `main article[data-review-id="${CSS.escape(reviewId)}"]`;

/**
 * A review as lists show it (docs/product.md §2 "Review card"): who wrote it and when, the
 * concert, the overall rating and the four aspects, the text, photos and videos, likes and
 * comments, and for its author a menu to edit or delete it; for anyone else signed in, Report.
 */
export function ReviewCard({
  review,
  viewerId,
  onEdit,
  showConcert = true,
}: {
  review: Review;
  /** The signed-in person: their own reviews get the menu. */
  viewerId: string | undefined;
  onEdit?: (review: Review) => void;
  /** Off on a concert's own page, where the concert is the page. */
  showConcert?: boolean;
}) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const name = authorName(review.user);
  const username = review.user.username;
  // People without a username are addressed by their id.
  const profileHref = pathTo(paths.profileByUsername, { username: username ?? review.userId });
  const isOwn = viewerId === review.userId;

  return (
    <article
      aria-label={`Review by ${name}`}
      data-review-id={review.id}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        <Link
          href={profileHref}
          className="shrink-0 rounded-full focus-ring"
          tabIndex={-1}
          aria-hidden="true"
        >
          <PersonAvatar person={review.user} className="size-10" fallbackClassName="text-sm" />
        </Link>
        {/* Who and the stars share a line while the name has 8rem; narrower (a 320 px phone,
            with the author's menu) the stars go under it, so the name is never cut short. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <div className="min-w-0 grow basis-32">
            <p className="[overflow-wrap:anywhere]">
              <Link
                href={profileHref}
                className="focus-ring rounded-sm font-semibold hover:text-primary"
              >
                {name}
              </Link>
              {username && <span className="ml-2 text-sm text-muted-foreground">@{username}</span>}
            </p>
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
              <ExactTimeTooltip timestamp={review.createdAt}>
                {/* The review's own page: the address to share it by. */}
                <Link
                  href={reviewPath(review.id)}
                  className="focus-ring inline-flex min-h-6 min-w-6 items-center rounded-sm hover:text-foreground hover:underline"
                >
                  <RelativeTime timestamp={review.createdAt} inControl />
                </Link>
              </ExactTimeTooltip>
              {review.editedAt && (
                <ExactTimeTooltip timestamp={review.editedAt}>
                  <span>· Edited</span>
                </ExactTimeTooltip>
              )}
            </p>
          </div>
          <p className="flex shrink-0 items-center gap-1.5">
            <Stars value={review.overallRating} size="sm" />
            <span className="text-sm font-semibold tabular-nums">
              {formatRating(review.overallRating)}
            </span>
          </p>
        </div>
        {isOwn && (
          <ReviewActions review={review} onEdit={onEdit ? () => onEdit(review) : undefined} />
        )}
      </header>

      {showConcert && (
        <Link
          href={concertPath(review.concert.id)}
          className="block rounded-lg bg-muted/60 px-3 py-2 text-sm hover:bg-muted focus-ring"
        >
          <span className="block font-medium">{review.concert.artist}</span>
          <span className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden="true" />
              {review.concert.venue}, {review.concert.city}
            </span>
            <span>{formatDay(review.concert.date)}</span>
          </span>
        </Link>
      )}

      <ul className="flex flex-wrap gap-2" aria-label="Ratings">
        {ASPECTS.map(([label, key]) => (
          <li
            key={key}
            className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs"
          >
            <span className="text-muted-foreground">{label}</span>
            <span className="font-semibold tabular-nums">{formatRating(review[key])}</span>
          </li>
        ))}
      </ul>

      {review.highlights.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="text-muted-foreground" id={`highlights-${review.id}`}>
            Highlights
          </span>
          <ul aria-labelledby={`highlights-${review.id}`} className="flex flex-wrap gap-2">
            {review.highlights.map((song) => (
              <li
                key={song}
                className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-0.5 font-medium"
              >
                <span aria-hidden="true">★</span>
                {song}
              </li>
            ))}
          </ul>
        </div>
      )}

      <p className="text-sm leading-relaxed text-pretty break-words whitespace-pre-line">
        {review.reviewText}
      </p>

      <ReviewMediaStrip media={review.media} author={name} />

      <footer className="-ml-2 flex items-center gap-1">
        {viewerId === undefined ? (
          // Signed out the count is shown, not offered: the page says how to sign in to like.
          <span className="inline-flex h-8 items-center gap-1.5 px-3 text-sm text-muted-foreground">
            <Heart className="size-4" aria-hidden="true" />
            <span className="tabular-nums">{review.likesCount}</span>
            <span className="sr-only">{review.likesCount === 1 ? 'like' : 'likes'}</span>
          </span>
        ) : (
          <LikeButton
            reviewId={review.id}
            likes={{ count: review.likesCount, isLiked: review.isLiked }}
          />
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="gap-1.5 text-muted-foreground"
          aria-label={`Comments (${review.commentsCount})`}
          onClick={() => setCommentsOpen(true)}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          <span className="tabular-nums">{review.commentsCount}</span>
        </Button>
        {viewerId !== undefined && !isOwn && (
          <ReportButton
            kind="review"
            id={review.id}
            authorName={name}
            className="ml-auto gap-1.5 text-muted-foreground"
            iconClassName="size-4"
          />
        )}
      </footer>

      {commentsOpen && (
        <Suspense fallback={null}>
          <CommentsDialog
            reviewId={review.id}
            reviewAuthorId={review.userId}
            authorDisplayName={name}
            viewerId={viewerId}
            open={commentsOpen}
            onOpenChange={setCommentsOpen}
          />
        </Suspense>
      )}
    </article>
  );
}
