/**
 * Comments on reviews. A comment names the notice that told the review's author of it,
 * and notices name reviews, so this table sits above both reviews.ts and social.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { COMMENT_TEXT_MAX, COMMENT_TEXT_MIN } from '#shared/limits';
import { createdAt, literal, rowId, updatedAt } from './columns.ts';
import { reviewReference } from './reviews.ts';
import { notifications } from './social.ts';
import { userReference } from './users.ts';

export const reviewComments = pgTable(
  'review_comments',
  {
    id: rowId(),
    reviewId: reviewReference('review_id'),
    userId: userReference('user_id'),
    commentText: text('comment_text').notNull(),
    /**
     * The notice that told the review's author of it (a grouped one, maybe): deleting the
     * comment recounts that notice, or deletes it when no other comment holds it.
     */
    notificationId: uuid('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'review_comments_text_length',
      sql`char_length(${t.commentText}) BETWEEN ${literal(COMMENT_TEXT_MIN)} AND ${literal(COMMENT_TEXT_MAX)}`,
    ),
    index('review_comments_review_created_idx').on(t.reviewId, t.createdAt, t.id),
    index('review_comments_user_idx').on(t.userId),
    index('review_comments_notification_idx')
      .on(t.notificationId)
      .where(sql`${t.notificationId} IS NOT NULL`),
  ],
);
