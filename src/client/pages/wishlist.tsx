import { DISCOVER_PLACEHOLDER_CARDS } from '#shared/limits';
import type { ConcertListItem } from '#shared/schemas/concerts';
import {
  ConcertCard,
  ConcertCardSkeleton,
  ConcertGrid,
} from '../features/concerts/components/concert-card';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart';
import { WishlistView } from '../features/wishlist/components/wishlist-view';

export default function WishlistPage() {
  return (
    <WishlistView
      renderPlaceholders={() => (
        <ConcertGrid aria-busy>
          {Array.from({ length: Math.min(3, DISCOVER_PLACEHOLDER_CARDS) }, (_, index) => (
            <ConcertCardSkeleton key={index} />
          ))}
        </ConcertGrid>
      )}
      renderConcerts={(concerts) => <SavedConcertGrid concerts={concerts} />}
    />
  );
}

/** The saved concerts, each with the heart that takes it off the wishlist (also on the profile). */
export function SavedConcertGrid({ concerts }: { concerts: readonly ConcertListItem[] }) {
  return (
    <ConcertGrid aria-label="Saved concerts">
      {concerts.map((concert) => (
        <ConcertCard
          key={concert.id}
          concert={concert}
          wishlistToggle={<WishlistHeart concertId={concert.id} />}
        />
      ))}
    </ConcertGrid>
  );
}
