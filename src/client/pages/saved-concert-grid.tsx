import type { ConcertListItem } from '#shared/schemas/concerts';
import { ConcertCard, ConcertGrid } from '../features/concerts/components/concert-card';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart';

/**
 * The saved concerts, each with the heart that takes it off the wishlist: on the wishlist
 * page and on one's own profile. It joins two features, so it lives with the pages.
 */
export function SavedConcertGrid({ concerts }: { concerts: readonly ConcertListItem[] }) {
  return (
    <ConcertGrid aria-label="Saved concerts">
      {concerts.map((concert, index) => (
        <ConcertCard
          key={concert.id}
          concert={concert}
          priority={index === 0}
          wishlistToggle={<WishlistHeart concertId={concert.id} />}
        />
      ))}
    </ConcertGrid>
  );
}
