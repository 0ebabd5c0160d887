/**
 * What a notice says (docs/product.md §2 "Notifications"): its title and sentence, the only
 * place either is written. The database keeps a notice's parts (its kind, the latest person,
 * how many people or shows it speaks for, its concert, the shows under it) and the server
 * words them here whenever a notice is read, so a grouped notice that gains or loses someone
 * changes its numbers, never its words (decision 0021).
 */
import type { NotificationType } from './schemas/notifications.ts';
import { actorName, type NamedUser } from './user-display.ts';

/** A show under a day's new-show notice; `date` is the concert's day, 2026-01-15. */
export interface AnnouncedShow {
  artist: string;
  city: string;
  date: string;
}

/** How many of a day's new shows the notice names; the rest it counts. */
export const NAMED_SHOWS_MAX = 3;

export interface NoticeParts {
  type: NotificationType;
  /** The latest person (null for new shows). */
  actor: NamedUser | null;
  /** How many people (or, for new shows, how many shows) the notice speaks for. */
  actorCount: number;
  /** The artist of the notice's concert. */
  artist: string | null;
  /** The venue of the notice's concert (friends going only). */
  venue?: string | null;
  /** New shows only: the first NAMED_SHOWS_MAX, in the order they were announced. */
  shows?: readonly AnnouncedShow[] | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 15" of 2026-01-15, the same in every time zone and language. */
function monthAndDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}`;
}

/** "", " and 1 other", " and 3 others": what follows the latest person's name. */
function others(people: number): string {
  if (people <= 1) return '';
  return people === 2 ? ' and 1 other' : ` and ${people - 1} others`;
}

export function noticeTitle(parts: Pick<NoticeParts, 'type' | 'actorCount'>): string {
  switch (parts.type) {
    case 'review_like':
      return 'New like';
    case 'review_comment':
      return 'New comment';
    case 'new_follower':
      return 'New follower';
    case 'follow_approved':
      return 'Follow request approved';
    case 'new_review':
      return 'New review';
    case 'new_shows':
      return parts.actorCount === 1 ? 'New show' : `${parts.actorCount} new shows`;
    case 'friend_going':
      return 'Friends going';
  }
}

/** "Ana Lima and 3 others commented on your review of Glass Canyon.", and the like. */
export function noticeMessage(parts: NoticeParts): string {
  const people = `${actorName(parts.actor)}${others(parts.actorCount)}`;
  switch (parts.type) {
    case 'review_like':
      return `${people} liked your review of ${parts.artist}.`;
    case 'review_comment':
      return `${people} commented on your review of ${parts.artist}.`;
    case 'new_follower':
      return `${people} started following you.`;
    case 'follow_approved':
      return `${actorName(parts.actor)} approved your follow request.`;
    case 'new_review':
      return `${actorName(parts.actor)} reviewed ${parts.artist}.`;
    case 'friend_going':
      return `${people} ${parts.actorCount > 1 ? 'are' : 'is'} going to ${parts.artist} at ${parts.venue} too.`;
    case 'new_shows': {
      const named = (parts.shows ?? [])
        .slice(0, NAMED_SHOWS_MAX)
        .map((show) => `${show.artist} in ${show.city} on ${monthAndDay(show.date)}`)
        .join(', ');
      const more = parts.actorCount - NAMED_SHOWS_MAX;
      return `Artists you follow announced: ${named}${more > 0 ? ` and ${more} more.` : '.'}`;
    }
  }
}
