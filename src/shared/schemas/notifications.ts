import { z } from 'zod';
import { beforeIdPageQuery } from './common.ts';
import { personFields } from './users.ts';

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;

/** What waits for the person: unread notices, and follow requests to answer (a private account). */
export const unreadCountSchema = z
  .object({
    count: z.number().int().min(0),
    followRequests: z.number().int().min(0),
  })
  .meta({ id: 'UnreadNotificationCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATION_TYPES = [
  'new_follower',
  'review_like',
  'review_comment',
  'new_review',
  /** A day's new shows of followed artists in one's cities, listed in one notice. */
  'new_shows',
  /** A private person approved one's request to follow them. */
  'follow_approved',
  /** People one follows marked "Going" on a concert one is going to (grouped per concert and day). */
  'friend_going',
  /** A show one is going to or saved starts within CONCERT_REMINDER_HOURS (once per show). */
  'concert_reminder',
  /** Tickets for a show one saved, or a followed artist's show in one's city, went on sale (once per show). */
  'on_sale',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * One notice as /notifications lists it. Likes of one review, comments on one review and
 * new followers group into one unread row: `actor` is the latest person, `actorCount` how
 * many there are, and `message` already reads "Ana and 3 others liked your review of …".
 */
export const notificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    /** Where the notice leads: a concert page or a profile. */
    link: z.string().nullable(),
    isRead: z.boolean(),
    actorCount: z.number().int(),
    actor: z.object(personFields).nullable(),
    relatedReviewId: z.uuid().nullable(),
    relatedConcertId: z.string().nullable(),
    /** On-sale notices: where tickets are sold, when known. */
    ticketUrl: z.string().nullable().optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first; `before` is the last notice's id. */
export const notificationListQuerySchema = beforeIdPageQuery(
  NOTIFICATION_PAGE_MAX,
  NOTIFICATION_PAGE_DEFAULT,
);
