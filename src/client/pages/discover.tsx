import { PageHeader } from '../components/layout/page-header';
import { DiscoverConcerts } from '../features/concerts/components/discover-concerts';
import { WishlistHeart } from '../features/wishlist/components/wishlist-heart';

export default function DiscoverPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Discover Concerts" description="Find your next live music experience" />
      <DiscoverConcerts
        renderWishlistToggle={(concert) => <WishlistHeart concertId={concert.id} />}
      />
    </div>
  );
}
