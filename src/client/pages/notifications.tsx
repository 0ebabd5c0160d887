import { PageHeader } from '../components/layout/page-header';
import { MarkAllReadButton } from '../features/notifications/components/mark-all-read-button';
import { NotificationList } from '../features/notifications/components/notification-list';
import { FollowRequests } from '../features/users/components/follow-requests';

export default function NotificationsPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Notifications"
        description="Follows, likes, comments and reviews from people you follow."
        actions={<MarkAllReadButton />}
      />
      <FollowRequests />
      <NotificationList />
    </div>
  );
}
