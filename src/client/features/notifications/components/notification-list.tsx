import { BellOff } from 'lucide-react';
import { EmptyState } from '#client/components/layout/empty-state';
import { ListState } from '#client/components/layout/list-state';
import { AvatarLinesSkeleton } from '#client/components/layout/loading-status';
import { LoadMoreButton } from '#client/components/layout/load-more';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

/** The signed-in person's notices, newest first, with more on request. */
export function NotificationList() {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const notifications = query.data?.pages.flat();

  return (
    <ListState
      query={query}
      items={notifications}
      loading={<NotificationsSkeleton />}
      error={{ title: 'Failed to load notifications', description: 'Please try again.' }}
      empty={
        <EmptyState
          icon={BellOff}
          title="No notifications yet"
          description="When someone follows you, likes or comments on your reviews, or someone you follow posts a review, you will see it here."
        />
      }
    >
      {(items) => (
        <div className="flex flex-col gap-4">
          <ul aria-label="Notifications" className="flex flex-col gap-1 rounded-xl border p-2">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onOpen={(opened) => {
                  if (!opened.isRead) markRead.mutate(opened.id);
                }}
              />
            ))}
          </ul>
          <LoadMoreButton query={query} label="Load more" className="self-center" />
        </div>
      )}
    </ListState>
  );
}

function NotificationsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2 rounded-xl border p-2">
      <span className="sr-only">Loading notifications</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-3 p-3">
          <AvatarLinesSkeleton
            avatarClassName="size-10"
            lineClassNames={['h-4 w-3/4', 'h-3 w-20']}
          />
        </div>
      ))}
    </div>
  );
}
