import { SearchX } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import type { Review } from '#shared/schemas/reviews';
import { LoadError } from '#client/components/layout/list-state';
import { MissingPageMessage } from '#client/components/layout/not-found-message';
import { PageState } from '#client/components/layout/page-state';
import { Skeleton } from '#client/components/ui/skeleton';
import { concertPath, paths } from '#client/config/paths';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { signInPathFor } from '../app/sign-in-path';
import { useAuth } from '../features/auth/api/get-user';
import { SignInToAct } from '../features/concerts/components/sign-in-to-act';
import { reviewKeys } from '../features/reviews/api/keys';
import { ReviewCard } from '../features/reviews/components/review-card';

/**
 * GET /api/reviews/{id}. Kept under the lists' key, so whatever refreshes the lists (a
 * like, an edit, a deletion) refreshes this one too.
 */
const { use: useReview } = apiQuery<Review, [id: string]>({
  key: (id) => [...reviewKeys.lists(), 'one', id] as const,
  path: (id) => `/reviews/${encodeURIComponent(id)}`,
  staleTime: FRESH_FOR_MS.shared,
});

/**
 * One review on its own page (/reviews/{id}), the address a review is shared by: for anyone
 * who may see its author's reviews, signed out too; "Review not found" for everyone else.
 */
export default function ReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [location] = useLocation();
  const { user } = useAuth();
  const query = useReview(id);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PageState
        query={query}
        loading={<Skeleton className="h-64 w-full rounded-xl" />}
        notFound={<ReviewNotFound />}
        failed={(retry) => (
          <LoadError
            {...retry}
            title="Failed to load review"
            description="Something went wrong while loading this review."
          />
        )}
      >
        {(review) => (
          <ReviewShown
            review={review}
            viewerId={user?.id}
            signInHref={signInPathFor(location, '')}
          />
        )}
      </PageState>
    </div>
  );
}

function ReviewShown({
  review,
  viewerId,
  signInHref,
}: {
  review: Review;
  viewerId: string | undefined;
  signInHref: string;
}) {
  useDocumentTitle(`Review of ${review.concert.artist}`);
  return (
    <>
      <h1 className="sr-only">
        Review of {review.concert.artist} at {review.concert.venue}
      </h1>
      <ReviewCard review={review} viewerId={viewerId} />
      {viewerId === undefined && (
        <div>
          <SignInToAct href={signInHref} />
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        <a href={concertPath(review.concert.id)} className="focus-ring rounded-sm underline">
          All reviews of this concert
        </a>
      </p>
    </>
  );
}

function ReviewNotFound() {
  useDocumentTitle('Review not found');
  return (
    <MissingPageMessage
      icon={SearchX}
      title="Review not found"
      titleClassName="text-2xl sm:text-3xl"
      description="This review may have been removed, its author may keep their reviews private, or the link is not quite right."
      linkHref={paths.landing}
      linkLabel="Go to the home page"
    />
  );
}
