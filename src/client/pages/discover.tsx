import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { cityOfLocation } from '#shared/limits';
import { HeadedPage } from '../components/layout/page-header';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/api/get-user';
import { DiscoverConcerts } from '../features/concerts/components/discover-concerts';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart';

export default function DiscoverPage() {
  const { user } = useAuth();
  return (
    <HeadedPage
      title="Discover Concerts"
      description="Find your next live music experience"
      actions={
        <Button asChild variant="outline">
          <Link href={paths.rankings}>
            <Trophy aria-hidden="true" />
            Rankings
          </Link>
        </Button>
      }
    >
      <DiscoverConcerts
        homeCity={cityOfLocation(user?.location)?.slug ?? null}
        signedIn={Boolean(user)}
        renderWishlistToggle={(concert) => <WishlistHeart concertId={concert.id} />}
      />
    </HeadedPage>
  );
}
