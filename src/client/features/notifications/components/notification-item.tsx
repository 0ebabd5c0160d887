import {
  AlarmClock,
  Bell,
  CalendarPlus,
  Heart,
  MessageCircle,
  Star,
  Ticket,
  TicketCheck,
  UserCheck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { Notification, NotificationType } from '#shared/schemas/notifications';
import { initials } from '#shared/user-display';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar';
import { Button } from '#client/components/ui/button';
import { ExactTimeTooltip, RelativeTime } from '#client/components/ui/relative-time';
import { cn } from '#client/lib/utils';

const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  new_follower: UserPlus,
  follow_approved: UserCheck,
  review_like: Heart,
  review_comment: MessageCircle,
  new_review: Star,
  new_shows: CalendarPlus,
  friend_going: Ticket,
  concert_reminder: AlarmClock,
  on_sale: TicketCheck,
};

/**
 * One notice: who (the latest actor's avatar, or the kind's icon), what (the server's
 * message, already grouped), when, and a link to what it is about. Unread notices are
 * marked by colour and a dot, and by "Unread" for screen readers; opening one marks it read.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { actor, link, isRead, message, createdAt } = notification;
  const Icon = TYPE_ICONS[notification.type] ?? Bell;
  const body = (
    <>
      <span className="relative shrink-0">
        <Avatar className="size-10">
          {actor?.profileImageUrl && <AvatarImage src={actor.profileImageUrl} alt="" />}
          <AvatarFallback>
            {actor ? initials(actor) : <Icon className="size-4" aria-hidden="true" />}
          </AvatarFallback>
        </Avatar>
        <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground">
          <Icon className="size-2.5" aria-hidden="true" />
        </span>
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm text-pretty', !isRead && 'font-semibold')}>
          {!isRead && <span className="sr-only">Unread: </span>}
          {message}
        </span>
        <RelativeTime
          timestamp={createdAt}
          inControl={Boolean(link)}
          className="text-xs text-muted-foreground"
        />
      </span>
      {!isRead && (
        <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" />
      )}
    </>
  );

  const rowClass = cn(
    'flex w-full items-start gap-3 rounded-lg p-3 text-left transition-colors',
    isRead ? 'bg-transparent' : 'bg-accent/60',
  );

  return (
    <li data-unread={!isRead || undefined}>
      {link ? (
        // The whole row is the link, so the row tells the exact time.
        <ExactTimeTooltip timestamp={createdAt}>
          <Link
            href={link}
            onClick={() => onOpen(notification)}
            className={cn(rowClass, 'hover:bg-accent focus-ring')}
          >
            {body}
          </Link>
        </ExactTimeTooltip>
      ) : (
        <div className={rowClass}>
          {body}
          {!isRead && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onOpen(notification)}>
              Mark as read
            </Button>
          )}
        </div>
      )}
      {notification.type === 'on_sale' && notification.ticketUrl && (
        // Beside the row's link, not in it: where tickets are sold, in a new tab.
        <p className="pb-2 pl-16">
          <a
            href={notification.ticketUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onOpen(notification)}
            className="focus-ring inline-flex min-h-8 items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Ticket className="size-4" aria-hidden="true" />
            Buy tickets
          </a>
        </p>
      )}
    </li>
  );
}
