import { UserSearch } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function SearchUsersPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Find Friends" />
      <EmptyState
        icon={UserSearch}
        title="People search is on its way"
        description="Soon you can look up fans by name or username and follow them here."
      />
    </div>
  );
}
