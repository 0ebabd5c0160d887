/** What the year in review keeps: its pictures as drawn (modules/years/image.ts). */
import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userReference } from './users.ts';

/** Bytes, as a Buffer from either driver (node-postgres gives one, PGlite a Uint8Array). */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A year's picture as last drawn, with the ETag of what it shows: served as long as a
 * request's year has that ETag, replaced (one upsert) once it has another. Drawing costs
 * far more than reading the year. Goes with the account; the export leaves it out, as it
 * only redraws rows the export already has.
 */
export const yearImages = pgTable(
  'year_images',
  {
    userId: userReference('user_id'),
    year: integer('year').notNull(),
    etag: text('etag').notNull(),
    png: bytes('png').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);
