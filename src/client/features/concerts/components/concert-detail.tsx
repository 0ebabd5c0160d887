import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConcertDetail } from '#shared/schemas/concerts';
import type { RetryProps } from '#client/components/layout/list-state';
import { LoadingStatus } from '#client/components/layout/loading-status';
import { PageState } from '#client/components/layout/page-state';
import { Button } from '#client/components/ui/button';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { Skeleton } from '#client/components/ui/skeleton';
import { paths } from '#client/config/paths';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useConcert } from '../api/get-concert';
import { isHistorical } from '../lib/concert-format';
import { AddToCalendarButton } from './add-to-calendar';
import { AverageRatingsCard } from './average-ratings-card';
import { ColumnsSkeleton, DetailPageLoadError, DetailPageNotFound } from './catalogue-page-states';
import { ConcertHero } from './concert-hero';
import { EventDetailsCard } from './event-details-card';

/**
 * A concert page (docs/product.md §2 "Concert page"). The page composes in what other features own:
 * `renderWishlistAction` adds the save toggle, `renderReviewAction` the Write Review
 * button, `renderReviews` the list of reviews.
 */
export function ConcertDetailView({
  id,
  renderWishlistAction,
  renderReviewAction,
  renderReviews,
}: {
  id: string;
  renderWishlistAction?: (concert: ConcertDetail) => ReactNode;
  renderReviewAction?: (concert: ConcertDetail) => ReactNode;
  renderReviews?: (concert: ConcertDetail) => ReactNode;
}) {
  const query = useConcert(id);
  return (
    <PageState
      query={query}
      loading={<ConcertDetailSkeleton />}
      notFound={<DetailPageNotFound what="Concert" />}
      failed={(retry) => <ConcertLoadError retry={retry} />}
    >
      {(concert) => (
        <ConcertDetailContent
          concert={concert}
          wishlistAction={renderWishlistAction?.(concert)}
          reviewAction={renderReviewAction?.(concert)}
          reviews={renderReviews?.(concert)}
        />
      )}
    </PageState>
  );
}

function ConcertDetailContent({
  concert,
  wishlistAction,
  reviewAction,
  reviews,
}: {
  concert: ConcertDetail;
  wishlistAction?: ReactNode;
  reviewAction?: ReactNode;
  reviews?: ReactNode;
}) {
  useDocumentTitle(concert.artist);
  const historical = isHistorical(concert.date);
  const showAverages = concert.averageRatings !== null && concert.reviewCount > 0;

  return (
    <div className="flex flex-col gap-6">
      <BackToDiscover />
      <ConcertHero concert={concert} />
      <div className="flex flex-wrap gap-3">
        {wishlistAction}
        {reviewAction}
        {!historical && <AddToCalendarButton concertId={concert.id} />}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <aside
          aria-label="Concert facts"
          className="flex flex-col gap-6 lg:col-start-3 lg:row-start-1"
        >
          <EventDetailsCard concert={concert} historical={historical} />
          {showAverages && (
            <AverageRatingsCard
              averages={concert.averageRatings!}
              reviewCount={concert.reviewCount}
            />
          )}
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {concert.description && (
            <SectionCard title="About this concert" className="gap-3">
              <CardContent>
                <p className="leading-relaxed text-pretty text-muted-foreground">
                  {concert.description}
                </p>
              </CardContent>
            </SectionCard>
          )}
          {reviews}
        </div>
      </div>
    </div>
  );
}

function BackToDiscover() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground">
      <Link href={paths.discover}>
        <ArrowLeft aria-hidden="true" />
        Discover
      </Link>
    </Button>
  );
}

function ConcertLoadError({ retry }: { retry: RetryProps }) {
  return (
    <div className="flex flex-col gap-6">
      <BackToDiscover />
      <DetailPageLoadError what="Concert" retry={retry} />
    </div>
  );
}

function ConcertDetailSkeleton() {
  return (
    <LoadingStatus label="Loading concert" className="flex flex-col gap-6">
      <Skeleton className="h-8 w-28" />
      <Skeleton className="h-60 w-full rounded-2xl sm:h-80" />
      <div className="flex gap-3">
        <Skeleton className="h-9 w-36" />
        <Skeleton className="h-9 w-32" />
      </div>
      <ColumnsSkeleton mainHeights={['h-32', 'h-40']} />
    </LoadingStatus>
  );
}
