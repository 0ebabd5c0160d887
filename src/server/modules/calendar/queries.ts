/**
 * Calendar feeds and the concerts they list. A feed is found by its token (unique index);
 * its concerts come from the wishlist's own index (newest saved first, at most the
 * wishlist's limit) and, when asked, from followed artists' shows by artist and date.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { artistFollows, calendarFeeds, concerts, concertWishlist } from '../../db/schema.ts';
import type { CalendarConcert } from './ics.ts';

type Db = Database | Tx;

/** Wishlists hold at most this many concerts in one answer (as GET /api/users/me/wishlist). */
export const FEED_WISHLIST_LIMIT = 500;
/** Followed artists' upcoming shows one feed lists at most, soonest first. */
export const FEED_FOLLOWED_LIMIT = 200;

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

const calendarColumns = {
  id: concerts.id,
  artist: concerts.artist,
  venue: concerts.venue,
  city: concerts.city,
  date: concerts.date,
  time: concerts.time,
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
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!row) throw new Error('calendar feed vanished between insert and read');
  return row;
}

/**
 * One statement: the feed now answers only to `token`. Of resets made at once, the last
 * to commit holds; each earlier one's token no longer opens anything.
 */
export async function replaceCalendarFeedToken(
  db: Db,
  userId: string,
  token: string,
): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { token, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function updateCalendarFeedOptions(
  db: Db,
  userId: string,
  token: string,
  includeFollowedArtists: boolean,
): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token, includeFollowedArtists })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { includeFollowedArtists, updatedAt: sql`now()` },
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
  return db
    .select(calendarColumns)
    .from(concertWishlist)
    .innerJoin(concerts, eq(concerts.id, concertWishlist.concertId))
    .where(eq(concertWishlist.userId, userId))
    .orderBy(desc(concertWishlist.createdAt), desc(concertWishlist.id))
    .limit(FEED_WISHLIST_LIMIT);
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
