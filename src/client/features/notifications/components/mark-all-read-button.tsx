import { CheckCheck } from 'lucide-react';
import { useUnreadNotificationCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-read';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/utils';

/**
 * Marks every notice read; there is nothing to do while none is unread. It keeps focus
 * throughout (busy while its request runs, unavailable once nothing is unread), so a
 * keyboard user who pressed it is still there afterwards.
 */
export function MarkAllReadButton() {
  const unread = useUnreadNotificationCount();
  const markRead = useMarkNotificationsRead();
  const nothingUnread = unread === 0;
  return (
    <Button
      type="button"
      variant="outline"
      busy={markRead.isPending}
      aria-disabled={nothingUnread || undefined}
      className={cn(nothingUnread && !markRead.isPending && 'opacity-50')}
      onClick={() => {
        if (!nothingUnread) markRead.mutate(undefined);
      }}
    >
      <CheckCheck aria-hidden="true" />
      Mark all as read
    </Button>
  );
}
