import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import type { ArtistPage, VenuePage } from '#shared/schemas/catalogue';
import { PageState } from '#client/components/layout/page-state';
import { cn } from '#client/lib/utils';
import { AspectAveragesCard } from './aspect-averages-card';
import { CatalogueShowList } from './catalogue-show-list';
import { RatingTrendChart } from './rating-trend-chart';
import {
  CataloguePageSkeleton,
  DetailPageLoadError,
  DetailPageNotFound,
} from './catalogue-page-states';

/**
 * An artist's or a venue's page while it loads: a placeholder, then "not found", a failure
 * with Retry, or the page itself.
 */
export function CataloguePage<Page>({
  what,
  query,
  children,
}: {
  what: 'Artist' | 'Venue';
  query: UseQueryResult<Page>;
  children: (page: Page) => ReactNode;
}) {
  return (
    <PageState
      query={query}
      loading={<CataloguePageSkeleton label={`Loading ${what.toLowerCase()}`} />}
      notFound={<DetailPageNotFound what={what} />}
      failed={(retry) => <DetailPageLoadError what={what} retry={retry} />}
    >
      {children}
    </PageState>
  );
}

/**
 * The layout of an artist's and a venue's page: the picture and name with what is said above
 * and below the name, what comes before the columns, the ratings beside the shows (above them on
 * phones).
 */
export function CatalogueLayout({
  name,
  imageUrl,
  imageClassName,
  aboveName,
  belowName,
  beforeColumns,
  ratings,
  children,
}: {
  name: string;
  imageUrl: string | null;
  /** The picture's size. */
  imageClassName: string;
  aboveName: ReactNode;
  belowName: ReactNode;
  beforeColumns: ReactNode;
  ratings: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {imageUrl && (
          <img
            src={imageUrl}
            alt=""
            className={cn('shrink-0 rounded-xl bg-muted object-cover', imageClassName)}
          />
        )}
        <div className="flex min-w-0 flex-col gap-2">
          {aboveName}
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{name}</h1>
          {belowName}
        </div>
      </header>
      {beforeColumns}

      <div className="grid gap-6 lg:grid-cols-3">
        <aside aria-label="Ratings" className="flex flex-col gap-6 lg:col-start-3 lg:row-start-1">
          {ratings}
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {children}
        </div>
      </div>
    </div>
  );
}

/** What an artist's and a venue's page both hold: averages, trend and shows. */
type CatalogueSubject = Pick<
  ArtistPage & VenuePage,
  'averages' | 'trend' | 'upcomingShows' | 'pastShows'
>;

/** The ratings column of an artist's or a venue's page: averages, then the trend, then `children`. */
export function CatalogueRatings({
  subject,
  noReviews,
  trendTitle,
  aspects,
  children,
}: {
  subject: CatalogueSubject;
  noReviews: string;
  trendTitle: string;
  aspects: ComponentProps<typeof RatingTrendChart>['aspects'];
  children?: ReactNode;
}) {
  return (
    <>
      <AspectAveragesCard
        allTime={subject.averages.allTime}
        lastTwelveMonths={subject.averages.lastTwelveMonths}
        noReviews={noReviews}
      />
      <RatingTrendChart title={trendTitle} trend={subject.trend} aspects={aspects} />
      {children}
    </>
  );
}

/** An artist's or a venue's upcoming and past shows, each with the other side of the show. */
export function UpcomingAndPastShows({
  subject,
  with: other,
}: {
  subject: CatalogueSubject;
  with: 'artist' | 'venue';
}) {
  return (
    <>
      <CatalogueShowList
        title="Upcoming shows"
        shows={subject.upcomingShows}
        with={other}
        empty="No upcoming shows"
      />
      <CatalogueShowList
        title="Past shows"
        shows={subject.pastShows}
        with={other}
        empty="No past shows"
      />
    </>
  );
}
