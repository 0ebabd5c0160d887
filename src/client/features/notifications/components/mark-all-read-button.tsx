import { CheckCheck } from 'lucide-react';
import { useUnreadNotificationCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-read';
import { Button } from '../../../components/ui/button';

/** Marks every notice read; there is nothing to do while none is unread. */
export function MarkAllReadButton() {
  const unread = useUnreadNotificationCount();
  const markRead = useMarkNotificationsRead();
  return (
    <Button
      type="button"
      variant="outline"
      disabled={unread === 0 || markRead.isPending}
      onClick={() => markRead.mutate(undefined)}
    >
      <CheckCheck aria-hidden="true" />
      Mark all as read
    </Button>
  );
}
