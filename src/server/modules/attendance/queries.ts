/**
 * Attendance rows. The (user_id, concert_id) primary key makes a mark idempotent: a second
 * PUT, even a concurrent one, inserts nothing and updates the row the first wrote.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AttendanceStatus } from '#shared/schemas/attendance';
import type { Database, Tx } from '#server/db/index.ts';
import { attendance, concerts, reviews } from '#server/db/schema.ts';
import { findValue } from '#server/lib/has-row.ts';

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
