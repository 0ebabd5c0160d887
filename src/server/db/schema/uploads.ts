/** Files people uploaded: review photos and videos, profile pictures. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.ts';
import { userReference } from './users.ts';
import { reviews } from './reviews.ts';

export const UPLOAD_PURPOSES = ['review', 'profile'] as const;

export const uploads = pgTable(
  'uploads',
  {
    id: rowId(),
    /** Who uploaded it: only they can attach it. */
    userId: userReference('user_id'),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    /**
     * The review showing it; null until attached. A review that goes by cascade (its
     * author's or concert's deletion) leaves it null, and the sweep removes the files.
     */
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    contentType: text('content_type').notNull(),
    /** The file as served (a re-encoded image, a video as sent) and an image's thumbnail. */
    fileKey: text('file_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The name it was sent with, for messages only; never part of a path. */
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_purpose', sql`${t.purpose} IN ('review', 'profile')`),
    check('uploads_kind', sql`${t.kind} IN ('image', 'video')`),
    check('uploads_byte_size', sql`${t.byteSize} >= 0`),
    index('uploads_review_idx').on(t.reviewId),
    index('uploads_user_idx').on(t.userId),
    // The sweep of uploads nobody attached.
    index('uploads_unattached_created_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewId} IS NULL`),
  ],
);
