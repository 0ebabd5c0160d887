/**
 * "Going" and "I was there" (docs/product.md §2 "Concert page"): one mark per person and
 * concert. "Going" is for a concert still to come, "I was there" for one that has happened;
 * marking a Ticketmaster or setlist.fm concert we do not hold yet imports it as saving it
 * to the wishlist does, in the same transaction as the mark. A review marks its concert
 * attended, and "I was there" stays while the review does. A new "Going" tells the
 * people who follow the marker and are going too (notifications' notifyFriendsGoing).
 */
import { subDays } from 'date-fns';
import type { Attendance, AttendanceStatus } from '#shared/schemas/attendance';
import type { Tx } from '#server/db/index.ts';
import { badRequest, conflict, notFound, sqlState } from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import { todayOfPerson } from '../account/index.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import {
  CONCERT_NOT_FOUND,
  resolveConcert,
  storeResolvedConcert,
  type ResolvedConcert,
} from '../concerts/index.ts';
import { notifyFriendsGoing } from '../notifications/index.ts';
import {
  deleteAttendanceUnlessReviewed,
  insertAttendance,
  selectConcertDate,
  updateAttendanceStatus,
  upsertAttended,
  type AttendanceRow,
} from './queries.ts';

const REVIEWED_SHOW = 'You reviewed this show: "I was there" stays while your review does';

function toAttendance(row: AttendanceRow): Attendance {
  return {
    concertId: row.concertId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Whether `status` fits a concert on `date`, `today` being the person's (their Settings
 * time zone). "I was there" from the concert's day on, as reviews open; "Going" until the
 * day after it, since the day it is on is still today west of the person, where the show
 * may be.
 */
function checkStatusFits(status: AttendanceStatus, date: string, today: string): void {
  if (status === 'attended' && date > today) {
    throw badRequest('status: "attended" is for a concert that has happened; this one has not yet');
  }
  if (status === 'going' && date < todayIso(subDays(new Date(`${today}T00:00:00Z`), 1))) {
    throw badRequest('status: "going" is for a concert still to come; this one is past');
  }
}

/** The concert and its date: ours from one lookup, a provider's fetched (outside any transaction). */
async function concertToMark(
  ctx: SignedInContext,
  concertId: string,
): Promise<{ resolved: ResolvedConcert; date: string }> {
  const stored = await selectConcertDate(ctx.db, concertId);
  if (stored !== undefined) return { resolved: { id: concertId }, date: stored };
  const resolved = await resolveConcert(ctx, concertId);
  const date = resolved.pending?.concert.date ?? (await selectConcertDate(ctx.db, concertId));
  if (date === undefined) throw notFound(CONCERT_NOT_FOUND);
  return { resolved, date };
}

/** PUT /api/concerts/{id}/attendance; `created` is false when a mark was there already (kept or changed). */
export async function markAttendance(
  ctx: SignedInContext,
  concertId: string,
  status: AttendanceStatus,
): Promise<{ attendance: Attendance; created: boolean }> {
  const userId = ctx.viewerId;
  const { resolved, date } = await concertToMark(ctx, concertId);
  checkStatusFits(status, date, await todayOfPerson(ctx.db, ctx.viewerId));
  try {
    return await ctx.write(async (tx, changes) => {
      await storeResolvedConcert(tx, changes, resolved);
      const mark = { userId, concertId: resolved.id, status, concertDate: date };
      if (status === 'going') changes.record({ kind: 'show-kept' });
      const inserted = await insertAttendance(tx, mark);
      if (inserted) {
        // The people who follow them and are going too hear of it ("Friends going").
        if (status === 'going') {
          const told = await notifyFriendsGoing(tx, { actorId: userId, concertId: resolved.id });
          for (const notice of told) {
            if (notice.pushable) changes.record({ kind: 'notice-made', notificationId: notice.id });
          }
        }
        return { attendance: toAttendance(inserted), created: true };
      }
      const updated = await updateAttendanceStatus(tx, userId, resolved.id, status);
      if (!updated) throw new Error('attendance row vanished between insert and update');
      return { attendance: toAttendance(updated), created: false };
    });
  } catch (error) {
    // The concert was deleted between the lookup and the insert.
    if (sqlState(error) === '23503') throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}

/** DELETE /api/concerts/{id}/attendance: 409 for "I was there" while one's review stands; none is fine. */
export async function removeAttendance(ctx: SignedInContext, concertId: string): Promise<void> {
  const userId = ctx.viewerId;
  const outcome = await ctx.write((tx) => deleteAttendanceUnlessReviewed(tx, userId, concertId));
  if (!outcome.deleted && outcome.kept !== undefined) throw conflict(REVIEWED_SHOW);
}

/** A review's write marks its concert attended, in the review's transaction. */
export async function markAttendedIn(
  tx: Tx,
  userId: string,
  concert: { id: string; date: string },
): Promise<void> {
  await upsertAttended(tx, userId, concert.id, concert.date);
}
