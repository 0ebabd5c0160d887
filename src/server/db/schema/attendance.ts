/** Marks on concerts: "Going" to an upcoming one, "I was there" at a past one. */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { PRICE_PAID_MAX_MINOR, TICKET_NOTE_MAX, TICKET_SEAT_MAX } from '#shared/limits';
import { ATTENDANCE_STATUSES } from '#shared/schemas/attendance';
import { createdAt, literal, updatedAt } from './columns.ts';
import { concertReference } from './concerts.ts';
import { userReference } from './users.ts';

/**
 * One mark per person and concert. `concert_date` is the concert's date, copied when the
 * mark is written (a concert's date never changes), so a person's marks read in date order
 * from one index without joining every concert. `artist_id` and `venue_id` are the
 * concert's, kept by triggers (attendance_concert_links when the mark is written,
 * concert_links_to_marks when a concert is linked anew), so a diary's numbers count a
 * person's artists and venues from their part of the index alone.
 */
export const attendance = pgTable(
  'attendance',
  {
    userId: userReference('user_id'),
    concertId: concertReference('concert_id'),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    concertDate: date('concert_date', { mode: 'string' }).notNull(),
    artistId: uuid('artist_id').notNull().default(sql`null`),
    venueId: uuid('venue_id').notNull().default(sql`null`),
    // Ticket details: the person's own, never shown to anyone else. A price is a whole
    // number of the currency's minor units and its ISO 4217 code, both or neither.
    seat: text('seat'),
    priceAmount: integer('price_amount'),
    priceCurrency: text('price_currency'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.concertId] }),
    check('attendance_status', sql`${t.status} IN ('going', 'attended')`),
    check('attendance_seat_length', sql`char_length(${t.seat}) <= ${literal(TICKET_SEAT_MAX)}`),
    check('attendance_note_length', sql`char_length(${t.note}) <= ${literal(TICKET_NOTE_MAX)}`),
    check(
      'attendance_price_amount',
      sql`${t.priceAmount} BETWEEN 0 AND ${literal(PRICE_PAID_MAX_MINOR)}`,
    ),
    check('attendance_price_currency', sql`${t.priceCurrency} ~ '^[A-Z]{3}$'`),
    check('attendance_price_whole', sql`(${t.priceAmount} IS NULL) = (${t.priceCurrency} IS NULL)`),
    // A person's marks of one kind, newest concert first: the diary reads its page and
    // numbers from the index alone.
    index('attendance_user_status_date_idx').on(
      t.userId,
      t.status,
      t.concertDate.desc().nullsFirst(),
      t.concertId.desc().nullsFirst(),
    ),
    // A concert's marks: who is going, who was there.
    index('attendance_concert_idx').on(t.concertId, t.status),
  ],
);

/**
 * "Went with" on a person's ticket details: people they followed when they saved it. The
 * rows go with the mark (its key, cascading) and with either person's account.
 */
export const attendanceCompanions = pgTable(
  'attendance_companions',
  {
    userId: uuid('user_id').notNull(),
    concertId: text('concert_id').notNull(),
    companionId: userReference('companion_id'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.concertId, t.companionId] }),
    foreignKey({
      name: 'attendance_companions_mark_fk',
      columns: [t.userId, t.concertId],
      foreignColumns: [attendance.userId, attendance.concertId],
    }).onDelete('cascade'),
    check('attendance_companions_not_self', sql`${t.userId} <> ${t.companionId}`),
    // A deleted account's rows as someone's companion.
    index('attendance_companions_companion_idx').on(t.companionId),
  ],
);
