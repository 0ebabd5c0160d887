/**
 * What a notice says (docs/product.md §2 "Notifications"): its title and sentence, the only
 * place either is written. The database keeps a notice's parts (its kind, the latest person,
 * how many people or shows it speaks for, its concert, the shows under it) and the server
 * words them here whenever a notice is read, so a grouped notice that gains or loses someone
 * changes its numbers, never its words (decision 0021).
 */
import type { NotificationType } from './schemas/notifications.ts';
import { isTimeZone, onSaleText, showTimeText } from './show-time.ts';
import { actorName, type NamedUser } from './user-display.ts';

/** A show under a day's new-show notice; `date` is the concert's day, 2026-01-15. */
export interface AnnouncedShow {
  artist: string;
  city: string;
  date: string;
  /** When its public sale opens (ISO) and the venue's zone: "On sale …" until then. */
  onSaleAt?: string | null;
  timeZone?: string | null;
}

/** The show a concert reminder is about, and whom and when it reminds. */
export interface RemindedShow {
  venue: string;
  /** The show's instant (ISO) and its venue's zone; null while the time is to be announced. */
  startsAt: string | null;
  timeZone: string | null;
  /** The time as written, said when there is no instant. */
  time: string | null;
  /** The person's zone (Settings); null when they chose none: the venue's is taken. */
  personZone: string | null;
  /** When the reminder was made: "Today" and "Tomorrow" are said from then, as its mail said. */
  remindedAt: string;
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
  /** Concert reminders only. */
  reminder?: RemindedShow | null;
  /** The moment the notice is read: a new show's "On sale …" is said until then. */
  now?: Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jan 15" of 2026-01-15, the same in every time zone and language. */
function monthAndDay(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date (2026-01-15) of an instant on the clocks of a zone. */
function localDate(instant: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/**
 * "Tomorrow: The Velvet Lanterns at Metro, 8:00 PM": the show's day as seen from when the
 * reminder was made, in the person's zone ("Today", "Tomorrow", else "Jan 15"), and its time
 * on the venue's clock, naming the venue's zone when the person's reads differently.
 */
function reminderWords(artist: string | null, show: RemindedShow): string {
  const zone =
    show.personZone && isTimeZone(show.personZone)
      ? show.personZone
      : show.timeZone && isTimeZone(show.timeZone)
        ? show.timeZone
        : 'UTC';
  const time = showTimeText(show, zone);
  let day = 'Coming up';
  if (show.startsAt && !Number.isNaN(Date.parse(show.startsAt))) {
    const date = localDate(show.startsAt, zone);
    const from = localDate(show.remindedAt, zone);
    const days = (Date.parse(date) - Date.parse(from)) / (24 * 60 * 60 * 1000);
    day = days <= 0 ? 'Today' : days === 1 ? 'Tomorrow' : monthAndDay(date);
  }
  return `${day}: ${artist} at ${show.venue}${time ? `, ${time}` : ''}`;
}

/** "", " and 1 other", " and 3 others": what follows the latest person's name. */
function others(people: number): string {
  if (people <= 1) return '';
  return people === 2 ? ' and 1 other' : ` and ${people - 1} others`;
}

/**
 * A follow request's push (a request is not a notice: the Notifications page lists it in its
 * own section, with "Approve" and "Decline").
 */
export function followRequestWords(requester: NamedUser | null | undefined): {
  title: string;
  message: string;
} {
  return { title: 'Follow request', message: `${actorName(requester)} asked to follow you.` };
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
    case 'concert_reminder':
      return 'Concert reminder';
    case 'on_sale':
      return 'Tickets on sale';
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
        .map((show) => {
          const sale = onSaleText(show, parts.now);
          return `${show.artist} in ${show.city} on ${monthAndDay(show.date)}${sale ? ` · ${sale}` : ''}`;
        })
        .join(', ');
      const more = parts.actorCount - NAMED_SHOWS_MAX;
      return `Artists you follow announced: ${named}${more > 0 ? ` and ${more} more.` : '.'}`;
    }
    case 'concert_reminder':
      return parts.reminder
        ? reminderWords(parts.artist, parts.reminder)
        : `Coming up: ${parts.artist}`;
    case 'on_sale':
      return `Tickets for ${parts.artist} at ${parts.venue} are on sale now.`;
  }
}
