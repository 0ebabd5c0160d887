import { DISCOVER_PLACEHOLDER_CARDS } from '#shared/limits';
import { ConcertCardSkeleton, ConcertGrid } from '../features/concerts/components/concert-card';
import { WishlistView } from '../features/wishlist/components/wishlist-view';
import { SavedConcertGrid } from './saved-concert-grid';

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
