import { ArrowRight, MapPin, MicVocal } from 'lucide-react';
import { Link } from 'wouter';
import type { TopArtist, TopVenue } from '#shared/schemas/analytics';
import { useTopArtists } from '../api/get-top-artists';
import { useTopVenues } from '../api/get-top-venues';
import { artistPath, paths, venuePath } from '#client/config/paths';
import { RankedListCard, type RankedEntry } from './ranked-list-card';

function venueEntry(venue: TopVenue): RankedEntry {
  return {
    key: venue.id,
    name: venue.venue,
    href: venuePath(venue.id),
    detail: venue.city,
    reviewCount: venue.review_count,
    averageRating: venue.avg_rating,
  };
}

function artistEntry(artist: TopArtist): RankedEntry {
  return {
    key: artist.id,
    name: artist.artist,
    href: artistPath(artist.id),
    detail: `Performance: ${artist.avg_performance.toFixed(1)}`,
    reviewCount: artist.review_count,
    averageRating: artist.avg_rating,
  };
}

/** The landing page's ranking of the best-reviewed venues and artists. */
export function CommunityFavorites() {
  const venues = useTopVenues();
  const artists = useTopArtists();

  return (
    <section aria-labelledby="community-favorites-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id="community-favorites-heading"
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Community Favorites
        </h2>
        <p className="mt-3 text-muted-foreground text-pretty">
          The venues and artists fans rate highest, straight from their reviews, ranked as in the{' '}
          <Link
            href={paths.rankings}
            className="focus-ring rounded-sm font-medium text-foreground underline underline-offset-4"
          >
            Rankings
          </Link>
          .
        </p>
      </div>
      <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
        <RankedListCard
          title="Top Rated Venues"
          icon={MapPin}
          entries={venues.data?.map(venueEntry)}
          isLoading={venues.isLoading}
          isError={venues.isError}
          loadingLabel="Loading top rated venues"
          emptyText="No venue has enough reviews yet. Once fans start rating shows, the best rooms appear here."
          errorText="Top venues aren't available right now. Please check back soon."
          footer={<TableLink href={paths.rankings}>All venue rankings</TableLink>}
        />
        <RankedListCard
          title="Top Rated Artists"
          icon={MicVocal}
          entries={artists.data?.map(artistEntry)}
          isLoading={artists.isLoading}
          isError={artists.isError}
          loadingLabel="Loading top rated artists"
          emptyText="No artist has enough reviews yet. Once fans start rating sets, the standouts appear here."
          errorText="Top artists aren't available right now. Please check back soon."
          footer={
            <TableLink href={`${paths.rankings}?kind=artists`}>All artist rankings</TableLink>
          }
        />
      </div>
    </section>
  );
}

function TableLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="focus-ring inline-flex items-center gap-1 rounded-sm text-sm font-medium hover:underline"
    >
      {children}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}
