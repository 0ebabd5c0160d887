import { Ticket } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function ConcertPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Concert" />
      <EmptyState
        icon={Ticket}
        title="Concert details are on their way"
        description="The venue, date, tickets and fan reviews for this show will appear here."
      />
    </div>
  );
}
