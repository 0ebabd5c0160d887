/** Files people uploaded: review photos and videos, profile pictures. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.ts';
import { userReference } from './users.ts';
import { reviews } from './reviews.ts';

export const UPLOAD_PURPOSES = ['review', 'profile'] as const;
/**
 * An upload is processing from its request until its job has made the files served
 * (`file_key`, `thumbnail_key`) from the original; then ready, or failed when the original
 * cannot be made into them (a photo that does not decode).
 */
export const UPLOAD_STATES = ['processing', 'ready', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

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
    /**
     * The file as served (a re-encoded image, a video as sent once its container read) and
     * an image's thumbnail.
     * Decided when it arrives; the files exist once it is ready.
     */
    fileKey: text('file_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    /** Rows from before processing moved after the request were processed in it. */
    state: text('state', { enum: UPLOAD_STATES }).notNull().default('ready'),
    /**
     * The file as received, kept where nothing serves it (a photo's EXIF and GPS are in it)
     * while it is processed; null once processing has ended and it is released.
     */
    originalKey: text('original_key').unique(),
    /** The served file's size once ready; until then, the size received. */
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** A video's length as its container gives it (read by video-probe.ts); null for photos. */
    durationMs: integer('duration_ms'),
    /** The name it was sent with, for messages only; never part of a path. */
    originalName: text('original_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_purpose', sql`${t.purpose} IN ('review', 'profile')`),
    check('uploads_kind', sql`${t.kind} IN ('image', 'video')`),
    check('uploads_state', sql`${t.state} IN ('processing', 'ready', 'failed')`),
    check(
      'uploads_original_while_processing',
      sql`${t.state} = 'processing' OR ${t.originalKey} IS NULL`,
    ),
    check('uploads_byte_size', sql`${t.byteSize} >= 0`),
    check('uploads_duration', sql`${t.durationMs} IS NULL OR ${t.durationMs} > 0`),
    index('uploads_review_idx').on(t.reviewId),
    index('uploads_user_idx').on(t.userId),
    // The sweep of uploads nobody attached.
    index('uploads_unattached_created_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewId} IS NULL`),
  ],
);
