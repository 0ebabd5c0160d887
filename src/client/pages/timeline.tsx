import { Newspaper } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function TimelinePage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Social Timeline" />
      <EmptyState
        icon={Newspaper}
        title="Your timeline is warming up"
        description="Reviews from people you follow and trending reviews will appear here."
      />
    </div>
  );
}
