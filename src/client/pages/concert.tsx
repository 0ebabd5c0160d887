import { useLocation, useParams } from 'wouter';
import { signInPathFor } from '../app/sign-in-path';
import { useAuth } from '../features/auth/api/get-user';
import { AttendanceToggle } from '../features/concerts/components/attendance-toggle';
import { ConcertFriends } from '../features/concerts/components/concert-friends';
import { ConcertDetailView } from '../features/concerts/components/concert-detail';
import { SignInToAct } from '../features/concerts/components/sign-in-to-act';
import { ConcertReviews } from '../features/reviews/components/concert-reviews';
import { ConcertSetlist } from '../features/reviews/components/concert-setlist';
import { WriteReviewButton } from '../features/reviews/components/write-review-button';
import { WishlistToggleButton } from '../features/wishlist/components/wishlist-toggle-button';

/**
 * A concert, for anyone: a shared link opens signed out too, with the concert and its
 * reviews, and one way to sign in where Save and Write Review would be. Signed in, the save
 * toggle has "Going" / "I was there" beside it, and "Friends going" (or "Friends who were
 * there") shows the people one follows who marked it.
 */
export default function ConcertPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [location] = useLocation();
  const { user } = useAuth();
  return (
    <ConcertDetailView
      key={id}
      id={id}
      renderWishlistAction={(concert) =>
        user ? (
          <>
            <WishlistToggleButton
              concertId={concert.id}
              initiallyWishlisted={concert.isWishlisted}
            />
            <AttendanceToggle concert={concert} />
          </>
        ) : (
          <SignInToAct href={signInPathFor(location, '')} />
        )
      }
      renderReviewAction={(concert) =>
        user ? <WriteReviewButton concert={concert} reviewId={concert.viewerReviewId} /> : null
      }
      renderReviews={(concert) => (
        <>
          {user && <ConcertFriends concert={concert} />}
          <ConcertSetlist concertId={concert.id} />
          <ConcertReviews concert={concert} viewerId={user?.id} />
        </>
      )}
    />
  );
}
