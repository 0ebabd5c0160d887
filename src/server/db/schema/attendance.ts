/** Marks on concerts: "Going" to an upcoming one, "I was there" at a past one. */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ATTENDANCE_STATUSES } from '#shared/schemas/attendance';
import { createdAt, updatedAt } from './columns.ts';
import { concertReference } from './concerts.ts';
import { userReference } from './users.ts';

/**
 * One mark per person and concert. `concert_date` is the concert's date, copied when the
 * mark is written (a concert's date never changes), so a person's marks read in date order
 * from one index without joining every concert.
 */
export const attendance = pgTable(
  'attendance',
  {
    userId: userReference('user_id'),
    concertId: concertReference('concert_id'),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    concertDate: date('concert_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.concertId] }),
    check('attendance_status', sql`${t.status} IN ('going', 'attended')`),
    // A person's marks, newest concert first (the diary).
    index('attendance_user_date_idx').on(
      t.userId,
      t.concertDate.desc().nullsFirst(),
      t.concertId.desc().nullsFirst(),
    ),
    // A concert's marks: who is going, who was there.
    index('attendance_concert_idx').on(t.concertId, t.status),
  ],
);
