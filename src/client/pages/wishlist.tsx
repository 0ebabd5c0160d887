import { DISCOVER_PLACEHOLDER_CARDS } from '#shared/limits';
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
      renderConcerts={(concerts) => (
        <ConcertGrid aria-label="Saved concerts">
          {concerts.map((concert) => (
            <ConcertCard
              key={concert.id}
              concert={concert}
              wishlistToggle={<WishlistHeart concertId={concert.id} />}
            />
          ))}
        </ConcertGrid>
      )}
    />
  );
}
