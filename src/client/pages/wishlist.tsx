import { Heart } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function WishlistPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="My Wishlist" />
      <EmptyState
        icon={Heart}
        title="Your wishlist will live here"
        description="Concerts you save from Discover will be listed here."
      />
    </div>
  );
}
