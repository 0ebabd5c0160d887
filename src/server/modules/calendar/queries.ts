/**
 * Calendar feeds and the concerts they list. A feed is found by its token (unique index);
 * its concerts come from the wishlist's own index (newest saved first, at most the
 * wishlist's limit), from the person's upcoming "Going" marks (their part of the
 * attendance index, soonest first) and, when asked, from followed artists' shows by artist
 * and date.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import {
  artistFollows,
  attendance,
  calendarFeeds,
  concerts,
  concertWishlist,
} from '#server/db/schema.ts';
import { findRow } from '#server/lib/has-row.ts';
import { concertStartsAt } from '../concerts/index.ts';
import { savedConcertsOf, WISHLIST_LIMIT } from '../wishlist/index.ts';
import type { CalendarConcert } from './ics.ts';

type Db = Database | Tx;

/** Followed artists' upcoming shows one feed lists at most, soonest first. */
export const FEED_FOLLOWED_LIMIT = 200;
/** Upcoming shows marked "Going" one feed lists at most, soonest first. */
export const FEED_GOING_LIMIT = 200;

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

const calendarColumns = {
  id: concerts.id,
  artist: concerts.artist,
  venue: concerts.venue,
  city: concerts.city,
  date: concerts.date,
  time: concerts.time,
  startsAt: concertStartsAt,
  timeZone: concerts.timeZone,
  ticketUrl: concerts.ticketUrl,
  updatedAt: concerts.updatedAt,
};

/** The person's feed, made with `token` when they have none yet. */
export async function ensureCalendarFeed(
  db: Db,
  userId: string,
  token: string,
): Promise<CalendarFeedRow> {
  await db.insert(calendarFeeds).values({ userId, token }).onConflictDoNothing({
    target: calendarFeeds.userId,
  });
  const row = await findRow(db, calendarFeeds, eq(calendarFeeds.userId, userId));
  if (!row) throw new Error('calendar feed vanished between insert and read');
  return row;
}

/**
 * The person's feed, made with `token` and `change` when they have none yet; else their
 * feed with `change` written over it. One statement: when `change` is a new token, the feed
 * now answers only to it; of resets made at once, the last to commit holds, and each
 * earlier one's token no longer opens anything.
 */
export async function upsertCalendarFeed(
  db: Db,
  userId: string,
  token: string,
  change: Partial<Pick<CalendarFeedRow, 'token' | 'includeFollowedArtists'>>,
): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token, ...change })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { ...change, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function findCalendarFeedByToken(
  db: Db,
  token: string,
): Promise<Pick<CalendarFeedRow, 'userId' | 'includeFollowedArtists'> | undefined> {
  const [row] = await db
    .select({
      userId: calendarFeeds.userId,
      includeFollowedArtists: calendarFeeds.includeFollowedArtists,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token))
    .limit(1);
  return row;
}

export async function selectWishlistCalendar(db: Db, userId: string): Promise<CalendarConcert[]> {
  const query = db
    .select(calendarColumns)
    .from(concertWishlist)
    .innerJoin(concerts, eq(concerts.id, concertWishlist.concertId));
  return savedConcertsOf(query.$dynamic(), userId);
}

/**
 * The person's "Going" marks on shows from `today` on, soonest first: one range of their
 * marks in the attendance index (user, then concert date), never the whole table.
 */
export async function selectGoingCalendar(
  db: Db,
  userId: string,
  today: string,
): Promise<CalendarConcert[]> {
  return db
    .select(calendarColumns)
    .from(attendance)
    .innerJoin(concerts, eq(concerts.id, attendance.concertId))
    .where(
      and(
        eq(attendance.userId, userId),
        eq(attendance.status, 'going'),
        gte(attendance.concertDate, today),
      ),
    )
    .orderBy(asc(attendance.concertDate), asc(attendance.concertId))
    .limit(FEED_GOING_LIMIT);
}

/** Upcoming shows (from `today`) of the artists the person follows, in `cities`. */
export async function selectFollowedArtistsCalendar(
  db: Db,
  userId: string,
  cities: string[],
  today: string,
): Promise<CalendarConcert[]> {
  if (cities.length === 0) return [];
  return db
    .select(calendarColumns)
    .from(artistFollows)
    .innerJoin(concerts, eq(concerts.artistId, artistFollows.artistId))
    .where(
      and(
        eq(artistFollows.userId, userId),
        gte(concerts.date, today),
        inArray(concerts.city, cities),
      ),
    )
    .orderBy(asc(concerts.date), asc(concerts.id))
    .limit(FEED_FOLLOWED_LIMIT);
}

/** One concert as a calendar shows it; undefined when there is none by that id. */
export async function findCalendarConcert(
  db: Db,
  id: string,
): Promise<CalendarConcert | undefined> {
  const [row] = await db.select(calendarColumns).from(concerts).where(eq(concerts.id, id));
  return row;
}

/** One concert of a feed as its digest reads it: every field the event shows. */
const feedLine = sql`concat_ws(E'\t', c.id, c.artist, c.venue, c.city, c.date::text,
  coalesce(c.time, ''), coalesce(extract(epoch FROM c.starts_at)::text, ''), coalesce(c.time_zone, ''),
  coalesce(c.ticket_url, ''),
  (extract(epoch FROM c.updated_at) * 1000)::bigint::text)`;

/**
 * A digest of what the feed would list (the same rows, order and limits as
 * selectWishlistCalendar, selectGoingCalendar and selectFollowedArtistsCalendar), computed
 * in the database: one short row crosses over instead of hundreds when the feed has not
 * changed.
 */
export async function selectFeedDigest(
  db: Db,
  userId: string,
  today: string,
  followedCities: string[] | null,
): Promise<string> {
  const saved = sql`SELECT ${feedLine} AS line,
      row_number() OVER (ORDER BY w.created_at DESC, w.id DESC) AS n
    FROM concert_wishlist w JOIN concerts c ON c.id = w.concert_id
   WHERE w.user_id = ${userId}
   ORDER BY w.created_at DESC, w.id DESC LIMIT ${WISHLIST_LIMIT}`;
  const going = sql`SELECT ${feedLine} AS line,
      row_number() OVER (ORDER BY a.concert_date, a.concert_id) AS n
    FROM attendance a JOIN concerts c ON c.id = a.concert_id
   WHERE a.user_id = ${userId} AND a.status = 'going' AND a.concert_date >= ${today}::date
   ORDER BY a.concert_date, a.concert_id LIMIT ${FEED_GOING_LIMIT}`;
  const shows =
    followedCities && followedCities.length > 0
      ? sql`SELECT ${feedLine} AS line, row_number() OVER (ORDER BY c.date, c.id) AS n
          FROM artist_follows f JOIN concerts c ON c.artist_id = f.artist_id
         WHERE f.user_id = ${userId} AND c.date >= ${today}::date
           AND c.city IN (${sql.join(
             followedCities.map((city) => sql`${city}`),
             sql`, `,
           )})
         ORDER BY c.date, c.id LIMIT ${FEED_FOLLOWED_LIMIT}`
      : sql`SELECT NULL::text AS line, 0::bigint AS n WHERE false`;
  const [row] = await executeRows<{ digest: string }>(
    db,
    sql`SELECT md5(
        coalesce((SELECT string_agg(line, E'\n' ORDER BY n) FROM (${saved}) s), '')
        || E'\n--\n' ||
        coalesce((SELECT string_agg(line, E'\n' ORDER BY n) FROM (${going}) g), '')
        || E'\n--\n' ||
        coalesce((SELECT string_agg(line, E'\n' ORDER BY n) FROM (${shows}) f), '')
      ) AS digest`,
  );
  return row!.digest;
}
