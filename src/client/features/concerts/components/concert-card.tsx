import { Calendar, MapPin, Star } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { Badge } from '#client/components/ui/badge';
import { Skeleton } from '#client/components/ui/skeleton';
import { concertPath, venuePath } from '#client/config/paths';
import { cn } from '#client/lib/utils';
import {
  dayKey,
  formatConcertDate,
  genreName,
  isHistorical,
  priceLabel,
} from '../lib/concert-format';
import type { ConcertView } from '../lib/discover-filters';
import { ConcertImage } from './concert-image';
import { OnSale } from './on-sale';
import { ShowStart } from './show-start';
import { TicketAction } from './ticket-action';
import { formatRating } from '#client/lib/format';

/**
 * The width a card's poster is shown at, for the image's `sizes`: from ConcertGrid's columns,
 * which follow the list's own width, here worked out from the window's (below 768 px the list
 * is the window less the page's padding; from 768 px the 16rem sidebar takes its part).
 */
const POSTER_SIZES: Record<ConcertView, string> = {
  grid: '(min-width: 1216px) 22rem, (min-width: 880px) calc(50vw - 10rem), (min-width: 768px) calc(100vw - 19rem), (min-width: 624px) 50vw, 100vw',
  list: '(min-width: 880px) 16rem, (min-width: 768px) calc(100vw - 19rem), (min-width: 624px) 16rem, 100vw',
};

/**
 * One concert in a list. The artist's name is the link to the concert page and stretches over
 * the whole card, so a click anywhere opens it; the heart (`wishlistToggle`), "Going" / "I
 * was there" (`attendanceToggle`) and the ticket button sit above that layer and keep their
 * own clicks. The first card of a list has the
 * `priority` poster.
 */
export function ConcertCard({
  concert,
  view = 'grid',
  wishlistToggle,
  attendanceToggle,
  today = dayKey(),
  priority = false,
}: {
  concert: ConcertListItem;
  view?: ConcertView;
  wishlistToggle?: ReactNode;
  /** "Going" / "I was there", signed in. */
  attendanceToggle?: ReactNode;
  /** yyyy-MM-dd; decides whether the concert is historical. */
  today?: string;
  priority?: boolean;
}) {
  const titleId = useId();
  const historical = isHistorical(concert.date, today);
  const genre = genreName(concert.genre);
  const hasRating = typeof concert.averageRating === 'number' && concert.averageRating > 0;
  const isList = view === 'list';

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group/card relative flex overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-[box-shadow,border-color] hover:border-primary/40 hover:shadow-md focus-ring-card',
        isList ? 'flex-col @xl:flex-row' : 'flex-col',
      )}
    >
      <div className={cn('relative shrink-0', isList && '@xl:w-64')}>
        <ConcertImage
          src={concert.imageUrl}
          sizes={POSTER_SIZES[view]}
          priority={priority}
          className={cn('aspect-[16/9]', isList && '@xl:aspect-auto @xl:h-full @xl:min-h-44')}
        />
        {genre && (
          <Badge variant="secondary" className="absolute top-3 left-3 shadow-sm">
            {genre}
          </Badge>
        )}
        {wishlistToggle && <div className="absolute top-2 right-2 z-10">{wishlistToggle}</div>}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 text-lg leading-snug font-semibold">
            <Link
              href={concertPath(concert.id)}
              data-stretched-link=""
              className="line-clamp-2 outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
            >
              {concert.artist}
            </Link>
          </h3>
          {hasRating && (
            <span
              className="inline-flex shrink-0 items-center gap-1 pt-1 text-sm font-medium tabular-nums"
              aria-label={`Average rating ${formatRating(concert.averageRating!)} out of 5`}
            >
              <Star className="size-4 fill-rating text-rating" aria-hidden="true" />
              {formatRating(concert.averageRating!)}
            </span>
          )}
        </div>

        <div className="grid gap-1.5 text-sm text-muted-foreground">
          <p className="flex min-w-0 items-center gap-2">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {/* Not truncated: a cut-off box would clip the venue link's focus ring. */}
            <span className="min-w-0 break-words">
              {concert.venueId ? (
                // A sibling of the title's link, raised above its stretched layer: its own click.
                <Link
                  href={venuePath(concert.venueId)}
                  className="focus-ring relative z-10 rounded-sm text-foreground underline decoration-current/30 underline-offset-4 hover:text-primary hover:decoration-current"
                >
                  {concert.venue}
                </Link>
              ) : (
                <span className="text-foreground">{concert.venue}</span>
              )}
              , {concert.city}
            </span>
          </p>
          <p className="flex items-center gap-2">
            <Calendar className="size-4 shrink-0" aria-hidden="true" />
            <span>
              <time dateTime={concert.date.slice(0, 10)}>{formatConcertDate(concert.date)}</time>
              {' · '}
              <ShowStart concert={concert} />
            </span>
          </p>
          {!historical && <OnSale concert={concert} className="font-medium text-foreground" />}
        </div>

        <div className="mt-auto flex items-center justify-between gap-3 pt-1">
          <p className="min-w-0 truncate font-semibold">
            <span className="sr-only">Price: </span>
            {priceLabel(concert.price)}
          </p>
          {/* Above the card's link layer, so even a click on a disabled button stays put. */}
          <div className="relative z-10 flex shrink-0 items-center gap-2">
            {attendanceToggle}
            <TicketAction
              historical={historical}
              ticketUrl={concert.ticketUrl}
              setlistUrl={concert.setlistUrl}
            />
          </div>
        </div>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while concerts load. */
export function ConcertCardSkeleton({ view = 'grid' }: { view?: ConcertView }) {
  const isList = view === 'list';
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex overflow-hidden rounded-xl border bg-card shadow-sm',
        isList ? 'flex-col @xl:flex-row' : 'flex-col',
      )}
    >
      <Skeleton
        className={cn(
          'aspect-[16/9] rounded-none',
          isList && '@xl:aspect-auto @xl:min-h-44 @xl:w-64',
        )}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <div className="mt-2 flex items-center justify-between">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-8 w-24" />
        </div>
      </div>
    </div>
  );
}

/**
 * 1, 2 or 3 columns by the width the list actually has (the sidebar takes part of the
 * window), or a single column in list view.
 */
export function ConcertGrid({
  view = 'grid',
  children,
  className,
  ...props
}: {
  view?: ConcertView;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-busy'?: boolean;
}) {
  return (
    <div className="@container">
      <div
        data-view={view}
        className={cn(
          'grid gap-4 sm:gap-6',
          view === 'grid' ? 'grid-cols-1 @xl:grid-cols-2 @4xl:grid-cols-3' : 'grid-cols-1',
          className,
        )}
        {...props}
      >
        {children}
      </div>
    </div>
  );
}
