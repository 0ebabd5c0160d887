import { useParams } from 'wouter';
import { useAuth } from '../features/auth/api/get-user';
import { ConcertDetailView } from '../features/concerts/components/concert-detail';
import { ConcertReviews } from '../features/reviews/components/concert-reviews';
import { ConcertSetlist } from '../features/reviews/components/concert-setlist';
import { WriteReviewButton } from '../features/reviews/components/write-review-button';
import { WishlistToggleButton } from '../features/wishlist/components/wishlist-toggle-button';

export default function ConcertPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useAuth();
  return (
    <ConcertDetailView
      key={id}
      id={id}
      renderWishlistAction={(concert) => (
        <WishlistToggleButton concertId={concert.id} initiallyWishlisted={concert.isWishlisted} />
      )}
      renderReviewAction={(concert) => <WriteReviewButton concert={concert} />}
      renderReviews={(concert) => (
        <>
          <ConcertSetlist concertId={concert.id} />
          <ConcertReviews concert={concert} viewerId={user?.id} />
        </>
      )}
    />
  );
}
