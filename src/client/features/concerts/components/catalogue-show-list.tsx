import { CalendarX, Star } from 'lucide-react';
import { Link } from 'wouter';
import type { CatalogueShow } from '#shared/schemas/catalogue';
import { SectionCard } from '#client/components/layout/section-card';
import { CardContent } from '#client/components/ui/card';
import { artistPath, concertPath, venuePath } from '#client/config/paths';
import { formatRating } from '#client/lib/format';
import { pluralize } from '#client/lib/utils';
import { formatConcertDate } from '../lib/concert-format';

/**
 * Shows of an artist or a venue as a list: each names its date (the link to the concert)
 * and the other side of the show (`with`: the venue on an artist's page, the artist on a
 * venue's), linked to its page, with the show's average and review count. Sibling links,
 * never one inside another.
 */
export function CatalogueShowList({
  title,
  description,
  shows,
  with: other,
  empty,
}: {
  title: string;
  description?: string;
  shows: CatalogueShow[];
  with: 'artist' | 'venue';
  /** "No upcoming shows". */
  empty: string;
}) {
  return (
    <SectionCard title={title} description={description}>
      <CardContent>
        {shows.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarX className="size-4 shrink-0" aria-hidden="true" />
            {empty}
          </p>
        ) : (
          <ul className="flex flex-col divide-y">
            {shows.map((show) => (
              <li
                key={show.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <Link
                    href={concertPath(show.id)}
                    className="focus-ring w-fit rounded-sm font-medium hover:text-primary hover:underline"
                  >
                    <time dateTime={show.date}>{formatConcertDate(show.date)}</time>
                    <span className="sr-only">
                      {other === 'venue' ? ` at ${show.venue}` : `: ${show.artist}`}
                    </span>
                  </Link>
                  <p className="min-w-0 text-sm text-muted-foreground">
                    {other === 'venue' ? (
                      <Link
                        href={venuePath(show.venueId)}
                        className="focus-ring rounded-sm text-foreground underline decoration-current/30 underline-offset-4 hover:text-primary hover:decoration-current"
                      >
                        {show.venue}
                      </Link>
                    ) : (
                      <Link
                        href={artistPath(show.artistId)}
                        className="focus-ring rounded-sm text-foreground underline decoration-current/30 underline-offset-4 hover:text-primary hover:decoration-current"
                      >
                        {show.artist}
                      </Link>
                    )}
                    {other === 'venue' && `, ${show.city}`}
                  </p>
                </div>
                <ShowRating show={show} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </SectionCard>
  );
}

function ShowRating({ show }: { show: CatalogueShow }) {
  if (show.averageRating === null || show.reviewCount === 0) {
    return <span className="text-sm text-muted-foreground">No reviews yet</span>;
  }
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Star className="size-4 fill-rating text-rating" aria-hidden="true" />
      <span className="font-medium tabular-nums">
        <span className="sr-only">Average rating </span>
        {formatRating(show.averageRating)}
      </span>
      <span className="text-muted-foreground">({pluralize(show.reviewCount, 'review')})</span>
    </span>
  );
}
