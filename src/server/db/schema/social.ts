/** Who follows whom, and what people are told about. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.ts';
import { users, userReference } from './users.ts';
import { concerts } from './concerts.ts';
import { reviews } from './reviews.ts';

export const userFollows = pgTable(
  'user_follows',
  {
    id: rowId(),
    followerId: userReference('follower_id'),
    followingId: userReference('following_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_follows_pair_unique').on(t.followerId, t.followingId),
    check('user_follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
    index('user_follows_following_idx').on(t.followingId, t.createdAt.desc()),
    // A new review's fan-out walks its author's followers in id order, a batch at a time.
    index('user_follows_following_follower_idx').on(t.followingId, t.followerId),
    index('user_follows_follower_created_idx').on(t.followerId, t.createdAt.desc()),
  ],
);

/**
 * A private person's would-be followers, until they approve or decline (migration 0019).
 * A request is not a follow: it counts nowhere and reaches no timeline. Approving, or the
 * person going public, moves it to user_follows in one transaction.
 */
export const followRequests = pgTable(
  'follow_requests',
  {
    id: rowId(),
    requesterId: userReference('requester_id'),
    targetId: userReference('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('follow_requests_pair_unique').on(t.requesterId, t.targetId),
    check('follow_requests_not_self', sql`${t.requesterId} <> ${t.targetId}`),
    // The Notifications page lists a person's pending requests newest first, and counts them.
    index('follow_requests_target_created_idx').on(t.targetId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The Following timeline, written ahead: a row for each review in the timeline of each
 * person who follows its author, so a page is one range of the key however many people the
 * reader follows. Jobs write it after the request (src/server/jobs/): a new review reaches
 * its author's followers, a follow brings in the followed person's reviews. `created_at`
 * is the review's, so (user, review) is as unique as the key.
 *
 * No foreign keys: checking two per row would cost a fan-out nearly half its time. Triggers
 * take the entries out at an unfollow (migration 0014) and when their review or their
 * reader is deleted (0017); the jobs lock what those deletes wait for (timeline.ts).
 */
export const timelineEntries = pgTable(
  'timeline_entries',
  {
    /** Whose timeline. */
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewId: uuid('review_id').notNull(),
  },
  (t) => [
    // A page of the timeline is a backward range of it; a fan-out touches one leaf per entry.
    primaryKey({ columns: [t.userId, t.createdAt, t.reviewId] }),
    // A deleted review takes its entries with it, from every timeline it reached.
    index('timeline_entries_review_idx').on(t.reviewId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: rowId(),
    userId: userReference('user_id'),
    type: varchar('type', { length: 50 }).notNull(),
    // No title or message: what a notice says is written from the columns below as it is
    // read (#shared/notice-text, decision 0021).
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    relatedUserId: uuid('related_user_id').references(() => users.id, { onDelete: 'cascade' }),
    relatedReviewId: uuid('related_review_id').references(() => reviews.id, {
      onDelete: 'cascade',
    }),
    relatedConcertId: text('related_concert_id').references(() => concerts.id, {
      onDelete: 'cascade',
    }),
    /**
     * Unread notices of one kind about one thing are one row ("Ana and 3 others liked your
     * review"): likes group by review ('like:<reviewId>'), comments too
     * ('comment:<reviewId>'), follows by person ('follow'). Null for notices that never
     * group (new reviews).
     */
    groupKey: text('group_key'),
    /** How many people the row speaks for; related_user_id is the latest of them. */
    actorCount: integer('actor_count').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_unread_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.isRead} = false AND ${t.groupKey} IS NOT NULL`),
    check('notifications_actor_count', sql`${t.actorCount} >= 1`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    // Deleting a person or a review removes the notices about them: without these, every
    // such delete would read all notices.
    index('notifications_related_user_idx').on(t.relatedUserId),
    index('notifications_related_review_idx').on(t.relatedReviewId),
    // A follower is told of a new review once, however often its fan-out job runs.
    uniqueIndex('notifications_new_review_once_idx')
      .on(t.userId, t.relatedReviewId)
      .where(sql`${t.type} = 'new_review'`),
    // A person is told once that a show's tickets are on sale, however often its job runs.
    uniqueIndex('notifications_on_sale_once_idx')
      .on(t.userId, t.relatedConcertId)
      .where(sql`${t.type} = 'on_sale'`),
    // A person is reminded of a show once, however often the reminders' job runs.
    uniqueIndex('notifications_concert_reminder_once_idx')
      .on(t.userId, t.relatedConcertId)
      .where(sql`${t.type} = 'concert_reminder'`),
  ],
);

/**
 * Who blocked whom. A block hides each person from the other everywhere and stops them
 * following, commenting on or liking each other's things; src/server/modules/users/blocks.ts
 * holds the predicates every read applies. One row per pair and direction; nobody blocks
 * themself. The primary key answers "did A block B" and A's own list; the second index
 * "who blocked B" and the cascade when B's account goes.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userReference('blocker_id'),
    blockedId: userReference('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_blocker_idx').on(t.blockedId, t.blockerId),
    // Settings lists a person's blocks newest first, a page at a time.
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt.desc(), t.blockedId.desc()),
  ],
);
