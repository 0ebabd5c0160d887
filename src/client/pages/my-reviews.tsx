import { Star } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function MyReviewsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="My Reviews" />
      <EmptyState
        icon={Star}
        title="Your reviews will live here"
        description="Every concert you review, with its ratings, likes and comments, will be listed here."
      />
    </div>
  );
}
