import { Trophy } from 'lucide-react';
import { Link } from 'wouter';
import { HeadedPage } from '../components/layout/page-header';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';
import { DiscoverConcerts } from '../features/concerts/components/discover-concerts';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart';

export default function DiscoverPage() {
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
        renderWishlistToggle={(concert) => <WishlistHeart concertId={concert.id} />}
      />
    </HeadedPage>
  );
}
