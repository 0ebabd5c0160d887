import { useParams } from 'wouter';
import { ConcertDetailView } from '../features/concerts/components/concert-detail';
import { ConcertReviews } from '../features/reviews/components/concert-reviews';
import { WishlistToggleButton } from '../features/wishlist/components/wishlist-toggle-button';

export default function ConcertPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <ConcertDetailView
      key={id}
      id={id}
      renderWishlistAction={(concert) => (
        <WishlistToggleButton concertId={concert.id} initiallyWishlisted={concert.isWishlisted} />
      )}
      renderReviews={(concert) => <ConcertReviews concertId={concert.id} />}
    />
  );
}
