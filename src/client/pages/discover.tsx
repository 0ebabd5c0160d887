import { Compass } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function DiscoverPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Discover Concerts" description="Find your next live music experience" />
      <EmptyState
        icon={Compass}
        title="Concerts are on their way"
        description="Upcoming shows near you will be listed here."
      />
    </div>
  );
}
