import { Building2, Globe, MapPin, Users } from 'lucide-react';
import { BEST_RATED_MIN_REVIEWS, type VenuePage } from '#shared/schemas/catalogue';
import { Badge } from '#client/components/ui/badge';
import { useDocumentTitle } from '#client/hooks/use-document-title';
import { useVenue } from '../api/get-venue';
import { CatalogueShowList } from './catalogue-show-list';
import {
  CatalogueLayout,
  CataloguePage,
  CatalogueRatings,
  UpcomingAndPastShows,
} from './catalogue-page';
import { IconDetail } from './icon-detail';

const capacityFormat = new Intl.NumberFormat('en-US');

/** A venue type as stored ('music_hall', 'club') in words. */
const typeLabel = (type: string) => {
  const words = type.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A venue's page (docs/product.md "Artist and venue pages"): where and what the room is,
 * its averages, how its sound and value moved, its shows and its best-rated nights.
 */
export function VenueView({ id }: { id: string }) {
  const venue = useVenue(id);
  return (
    <CataloguePage what="Venue" query={venue}>
      {(page) => <VenueContent venue={page} />}
    </CataloguePage>
  );
}

function VenueContent({ venue }: { venue: VenuePage }) {
  useDocumentTitle(venue.name);
  const place = [venue.city, venue.state].filter(Boolean).join(', ');
  return (
    <CatalogueLayout
      name={venue.name}
      imageUrl={venue.imageUrl}
      imageClassName="h-32 w-full sm:size-28"
      aboveName={
        venue.type && (
          <Badge variant="secondary" className="w-fit">
            {typeLabel(venue.type)}
          </Badge>
        )
      }
      belowName={
        <p className="flex items-center gap-2 text-lg text-muted-foreground">
          <MapPin className="size-5 shrink-0" aria-hidden="true" />
          {place}
        </p>
      }
      beforeColumns={
        <section aria-labelledby="venue-details" className="flex flex-col gap-3">
          <h2 id="venue-details" className="sr-only">
            Venue details
          </h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            {venue.address && (
              <IconDetail icon={Building2} term="Address">
                {venue.address}
              </IconDetail>
            )}
            {venue.capacity !== null && (
              <IconDetail icon={Users} term="Capacity">
                {capacityFormat.format(venue.capacity)}
              </IconDetail>
            )}
            {venue.website && (
              <IconDetail icon={Globe} term="Website">
                <a
                  href={venue.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="focus-ring rounded-sm underline underline-offset-4 hover:text-primary"
                >
                  {venue.website.replace(/^https?:\/\//, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </IconDetail>
            )}
          </dl>
          {venue.amenities.length > 0 && (
            <ul aria-label="Amenities" className="flex flex-wrap gap-2">
              {venue.amenities.map((amenity) => (
                <li key={amenity}>
                  <Badge variant="outline">{amenity}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      }
      ratings={
        <CatalogueRatings
          subject={venue}
          noReviews="No reviews of shows here yet: the averages appear with the first one."
          trendTitle="Sound and value by month"
          aspects={['sound', 'value']}
        />
      }
    >
      <UpcomingAndPastShows subject={venue} with="artist" />
      <CatalogueShowList
        title="Best-rated shows"
        description={`Shows with at least ${BEST_RATED_MIN_REVIEWS} reviews, best average first.`}
        shows={venue.bestRatedShows}
        with="artist"
        empty={`No show here has ${BEST_RATED_MIN_REVIEWS} reviews yet`}
      />
    </CatalogueLayout>
  );
}
