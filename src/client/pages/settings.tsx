import { Settings } from 'lucide-react';
import { EmptyState } from '../components/layout/empty-state';
import { PageHeader } from '../components/layout/page-header';

export default function SettingsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title="Settings" />
      <EmptyState
        icon={Settings}
        title="Settings are on their way"
        description="Notification, privacy and account options will appear here."
      />
    </div>
  );
}
