/**
 * Attendance rows. The (user_id, concert_id) primary key makes a mark idempotent: a second
 * PUT, even a concurrent one, inserts nothing and updates the row the first wrote.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AttendanceStatus, Ticket, TicketCompanion } from '#shared/schemas/attendance';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import {
  attendance,
  attendanceCompanions,
  concerts,
  reviews,
  userFollows,
} from '#server/db/schema.ts';
import { findValue } from '#server/lib/has-row.ts';
import { pictureUrl } from '#server/storage/index.ts';

type Db = Database | Tx;

export type AttendanceRow = typeof attendance.$inferSelect;

const ofPair = (userId: string, concertId: string) =>
  and(eq(attendance.userId, userId), eq(attendance.concertId, concertId));

/** A stored concert's date (a primary-key lookup); undefined when we do not hold it. */
export async function selectConcertDate(db: Db, concertId: string): Promise<string | undefined> {
  return findValue(db, concerts.date, eq(concerts.id, concertId));
}

/** The new row, or undefined when the person has a mark on the concert already. */
export async function insertAttendance(
  tx: Db,
  mark: { userId: string; concertId: string; status: AttendanceStatus; concertDate: string },
): Promise<AttendanceRow | undefined> {
  const [row] = await tx
    .insert(attendance)
    .values(mark)
    .onConflictDoNothing({ target: [attendance.userId, attendance.concertId] })
    .returning();
  return row;
}

/** Sets an existing mark's status (its time moves only when the status does); undefined if none. */
export async function updateAttendanceStatus(
  tx: Db,
  userId: string,
  concertId: string,
  status: AttendanceStatus,
): Promise<AttendanceRow | undefined> {
  const [row] = await tx
    .update(attendance)
    .set({
      status,
      updatedAt: sql`case when ${attendance.status} = ${status} then ${attendance.updatedAt} else now() end`,
    })
    .where(ofPair(userId, concertId))
    .returning();
  return row;
}

/** Marks the concert attended (a review's write): adds the mark or turns "going" into it. */
export async function upsertAttended(
  tx: Tx,
  userId: string,
  concertId: string,
  concertDate: string,
): Promise<void> {
  await tx
    .insert(attendance)
    .values({ userId, concertId, status: 'attended', concertDate })
    .onConflictDoUpdate({
      target: [attendance.userId, attendance.concertId],
      set: { status: 'attended', updatedAt: sql`now()` },
      setWhere: sql`${attendance.status} <> 'attended'`,
    });
}

/**
 * Removes the mark unless it is "I was there" and the person reviewed the concert (one
 * statement, so a review written meanwhile is seen). The status of what stays, if anything.
 */
export async function deleteAttendanceUnlessReviewed(
  tx: Tx,
  userId: string,
  concertId: string,
): Promise<{ deleted: boolean; kept: AttendanceStatus | undefined }> {
  const reviewed = sql`exists (select 1 from ${reviews} where ${reviews.userId} = ${userId} and ${reviews.concertId} = ${concertId})`;
  const deleted = await tx
    .delete(attendance)
    .where(
      and(ofPair(userId, concertId), sql`not (${attendance.status} = 'attended' and ${reviewed})`),
    )
    .returning({ status: attendance.status });
  if (deleted.length > 0) return { deleted: true, kept: undefined };
  return {
    deleted: false,
    kept: await findValue(tx, attendance.status, ofPair(userId, concertId)),
  };
}

// Ticket details: the person's own, read only for them.

/**
 * The ticket columns of the mark aliased `a` in a statement that reads its person's own
 * marks: seat, price, note, and the people they went with as one JSON list (by the
 * companions' primary key, name order).
 */
export const ticketColumns = sql`a.seat, a.price_amount, a.price_currency, a.note,
  (SELECT coalesce(json_agg(json_build_object(
            'id', u.id, 'username', u.username, 'firstName', u.first_name,
            'lastName', u.last_name, 'profileImageUrl', u.profile_image_url)
          ORDER BY lower(coalesce(u.first_name, u.username, '')), u.id), '[]'::json)
     FROM ${attendanceCompanions} ac JOIN users u ON u.id = ac.companion_id
    WHERE ac.user_id = a.user_id AND ac.concert_id = a.concert_id) AS ticket_companions`;

/** A row with `ticketColumns`. */
export interface TicketColumnsRow {
  seat: string | null;
  price_amount: number | null;
  price_currency: string | null;
  note: string | null;
  ticket_companions: TicketCompanion[] | string;
}

/** The ticket details of a row read with `ticketColumns`; null when it has none. */
export function toTicket(row: TicketColumnsRow): Ticket | null {
  const stored =
    typeof row.ticket_companions === 'string'
      ? (JSON.parse(row.ticket_companions) as TicketCompanion[])
      : row.ticket_companions;
  const companions = stored.map((person) => ({
    ...person,
    profileImageUrl: pictureUrl(person.profileImageUrl),
  }));
  const pricePaid =
    row.price_amount !== null && row.price_currency !== null
      ? { amount: Number(row.price_amount), currency: row.price_currency }
      : null;
  if (row.seat === null && row.note === null && pricePaid === null && companions.length === 0) {
    return null;
  }
  return { seat: row.seat, pricePaid, companions, note: row.note };
}

/** Whether the person has a mark on the concert, locking it until the transaction ends. */
export async function lockOwnMark(tx: Tx, userId: string, concertId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: attendance.status })
    .from(attendance)
    .where(ofPair(userId, concertId))
    .for('update');
  return row !== undefined;
}

/** Which of `ids` the person follows (approved follows; the follow pair's unique index). */
export async function selectFollowedAmong(
  tx: Tx,
  userId: string,
  ids: string[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: userFollows.followingId })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, userId), inArray(userFollows.followingId, ids)));
  return rows.map((row) => row.id);
}

/** Writes the whole of the mark's ticket details: its columns, and its companions replaced. */
export async function writeTicket(
  tx: Tx,
  userId: string,
  concertId: string,
  ticket: {
    seat: string | null;
    pricePaid: { amount: number; currency: string } | null;
    note: string | null;
    companions: string[];
  },
): Promise<void> {
  await tx
    .update(attendance)
    .set({
      seat: ticket.seat,
      priceAmount: ticket.pricePaid?.amount ?? null,
      priceCurrency: ticket.pricePaid?.currency ?? null,
      note: ticket.note,
    })
    .where(ofPair(userId, concertId));
  await tx
    .delete(attendanceCompanions)
    .where(
      and(eq(attendanceCompanions.userId, userId), eq(attendanceCompanions.concertId, concertId)),
    );
  if (ticket.companions.length > 0) {
    await tx
      .insert(attendanceCompanions)
      .values(ticket.companions.map((companionId) => ({ userId, concertId, companionId })));
  }
}

/** The ticket details of one mark (a primary-key read); null when it has none. */
export async function selectTicket(
  db: Db,
  userId: string,
  concertId: string,
): Promise<Ticket | null> {
  const [row] = await executeRows<TicketColumnsRow>(
    db,
    sql`SELECT ${ticketColumns} FROM ${attendance} a
         WHERE a.user_id = ${userId} AND a.concert_id = ${concertId}`,
  );
  return row ? toTicket(row) : null;
}
