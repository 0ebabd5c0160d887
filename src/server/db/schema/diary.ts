/** Kept numbers of a person's diary, so reading them never goes through all their shows. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userReference } from './users.ts';

/**
 * Songs heard live: per person, each song (as its setlist writes it, trimmed) and how many
 * times they heard it across the setlists of the shows they were at, encores included. Kept
 * by triggers on attendance and setlists (migration 0041), in the transaction of the mark
 * or of the setlist, so the diary's numbers read a person's rows and nothing else.
 */
export const diarySongs = pgTable(
  'diary_songs',
  {
    userId: userReference('user_id'),
    song: text('song').notNull(),
    times: integer('times').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.song] }),
    check('diary_songs_times_positive', sql`${t.times} > 0`),
    // The songs heard most, first.
    index('diary_songs_user_times_idx').on(t.userId, t.times.desc(), t.song),
  ],
);
