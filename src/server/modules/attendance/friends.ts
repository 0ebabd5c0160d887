/**
 * "Friends going" and "Friends who were there" on a concert page (docs/product.md §2
 * "Concert page"): the people the viewer follows who marked the concert, and the viewer's
 * own marks: on a page of concert cards, and the shows still to come one is going to. Each
 * is one statement.
 *
 * A follow is an approved one (a pending request is not in user_follows), so a private
 * person the viewer follows may be shown; authorVisibleTo still says so in the WHERE, with
 * the blocks both ways, so the rule stays the users module's.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  CONCERT_FRIENDS_MAX,
  UPCOMING_GOING_MAX,
  type AttendanceLookup,
  type ConcertFriends,
  type UpcomingGoing,
} from '#shared/schemas/attendance';
import type { Database, Tx } from '#server/db/index.ts';
import { attendance, concerts, reviews, userFollows, users } from '#server/db/schema.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { todayOfPerson } from '../account/index.ts';
import { authorVisibleTo } from '../users/index.ts';

/**
 * The statement of GET /api/concerts/{id}/friends. The marks of the people the viewer
 * follows: "Going" while the concert is still to come, "I was there" once it is past,
 * either on its day. The total is counted by the same statement (a window over the rows
 * the LIMIT cuts), so a viewer following 500 people costs one pass over the concert's marks
 * (attendance_concert_idx) or over the viewer's follows, whichever the planner finds
 * smaller, probing the other by its key (the follow pair, the attendance primary key).
 */
export function concertFriendsSelect(db: Database | Tx, viewerId: string, concertId: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      status: attendance.status,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(attendance)
    .innerJoin(
      userFollows,
      and(eq(userFollows.followingId, attendance.userId), eq(userFollows.followerId, viewerId)),
    )
    .innerJoin(users, eq(users.id, attendance.userId))
    .innerJoin(concerts, eq(concerts.id, attendance.concertId))
    .where(
      and(
        eq(attendance.concertId, concertId),
        sql`(${attendance.status} = 'attended' OR ${concerts.date} >= ${todayIso()})`,
        authorVisibleTo(viewerId, attendance.userId),
      ),
    )
    .orderBy(desc(attendance.updatedAt), desc(attendance.userId))
    .limit(CONCERT_FRIENDS_MAX);
}

/**
 * GET /api/concerts/{id}/friends: at most CONCERT_FRIENDS_MAX people, latest mark first, and
 * how many in all. A concert we do not hold has no marks: an empty answer, never a 404.
 */
export async function listConcertFriends(
  ctx: SignedInContext,
  concertId: string,
): Promise<ConcertFriends> {
  const rows = await concertFriendsSelect(ctx.db, ctx.viewerId, concertId);
  return {
    people: rows.map(({ total: _total, ...row }) => ({
      ...row,
      profileImageUrl: pictureUrl(row.profileImageUrl),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * GET /api/users/me/attendance?concertIds=…: the viewer's marks among a page of concert
 * cards (at most ATTENDANCE_LOOKUP_MAX), by the attendance primary key, each with the
 * viewer's review of it (reviews_user_concert_unique).
 */
export async function lookupOwnAttendance(
  ctx: SignedInContext,
  concertIds: string[],
): Promise<AttendanceLookup> {
  const marks = await ctx.db
    .select({ concertId: attendance.concertId, status: attendance.status, reviewId: reviews.id })
    .from(attendance)
    .leftJoin(
      reviews,
      and(eq(reviews.userId, attendance.userId), eq(reviews.concertId, attendance.concertId)),
    )
    .where(and(eq(attendance.userId, ctx.viewerId), inArray(attendance.concertId, concertIds)))
    .limit(concertIds.length);
  return { marks };
}

/**
 * GET /api/users/me/going: one's "Going" shows from one's today on, soonest first: one range
 * of one's marks in attendance_user_status_date_idx.
 */
export async function listUpcomingGoing(ctx: SignedInContext): Promise<UpcomingGoing> {
  const today = await todayOfPerson(ctx.db, ctx.viewerId);
  const rows = await ctx.db
    .select({ id: attendance.concertId, date: attendance.concertDate })
    .from(attendance)
    .where(
      and(
        eq(attendance.userId, ctx.viewerId),
        eq(attendance.status, 'going'),
        gte(attendance.concertDate, today),
      ),
    )
    .orderBy(asc(attendance.concertDate), asc(attendance.concertId))
    .limit(UPCOMING_GOING_MAX);
  return { concerts: rows };
}
