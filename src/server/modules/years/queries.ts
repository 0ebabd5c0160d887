/** A person's year of shows, read from their diary, their reviews and the concerts' sums; its stored picture. */
import { and, eq, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { attendance, concerts, reviews, users, yearImages } from '#server/db/schema.ts';
import { historyVisibleTo } from '../users/index.ts';

type Db = Database | Tx;

export interface YearPerson {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  /** Whether the viewer may see the person's history (users/visibility.ts). */
  visible: boolean;
  /** Whether someone signed out may. */
  public: boolean;
}

/** The person with this username (any case) and who may see their year; undefined for nobody. */
export async function selectYearPerson(
  db: Db,
  username: string,
  viewerId: string | undefined,
): Promise<YearPerson | undefined> {
  const [row] = await executeRows<YearPerson>(
    db,
    sql`SELECT u.id, u.username, u.first_name, u.last_name, u.profile_image_url,
               ${historyVisibleTo(viewerId, sql`u.id`)} AS visible,
               ${historyVisibleTo(undefined, sql`u.id`)} AS public
          FROM ${users} u WHERE u.username = lower(${username})`,
  );
  return row;
}

type Averages = Record<'overall' | 'performance' | 'sound' | 'venue' | 'value', number> | null;

export interface YearRow {
  shows_attended: number;
  shows_reviewed: number;
  artists: number;
  venues: number;
  cities: number;
  months: number[];
  averages: Averages;
  community: Averages;
  top_show: {
    id: string;
    artist: string;
    venue: string;
    city: string;
    date: string;
    overall_rating: number;
  } | null;
  most_seen: { id: string; name: string; shows: number } | null;
}

const averagesOf = (prefix: string) =>
  sql.raw(`json_build_object(
    'overall', round(avg(${prefix}overall_rating), 2)::float8,
    'performance', round(avg(${prefix}performance_rating), 2)::float8,
    'sound', round(avg(${prefix}sound_rating), 2)::float8,
    'venue', round(avg(${prefix}venue_rating), 2)::float8,
    'value', round(avg(${prefix}value_rating), 2)::float8)`);

/**
 * The year in one statement. The person's shows are their "I was there" marks dated in the
 * year up to today (attendance_user_status_date_idx), each with their review of it if any (the
 * averages and the top show are of the reviewed ones); the community's averages add up the sums the
 * concerts keep (concerts_date_artist_idx over the year's concerts), never their reviews.
 */
export async function selectYear(
  db: Db,
  userId: string,
  year: number,
  today: string,
): Promise<YearRow> {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const [row] = await executeRows<YearRow>(
    db,
    sql`WITH mine AS (
          SELECT r.overall_rating, r.performance_rating, r.sound_rating, r.venue_rating,
                 r.value_rating, c.id, c.artist, c.artist_id, c.venue, c.venue_id, c.city, c.date
            FROM ${attendance} a
            JOIN ${concerts} c ON c.id = a.concert_id
            LEFT JOIN ${reviews} r ON r.user_id = a.user_id AND r.concert_id = a.concert_id
           WHERE a.user_id = ${userId} AND a.status = 'attended'
             AND a.concert_date >= ${from}::date AND a.concert_date < ${to}::date
             AND a.concert_date <= ${today}::date
        )
        SELECT
          (SELECT count(*)::int FROM mine) AS shows_attended,
          (SELECT count(*)::int FROM ${reviews} w
            WHERE w.user_id = ${userId}
              AND w.created_at >= ${from}::timestamptz AND w.created_at < ${to}::timestamptz)
            AS shows_reviewed,
          (SELECT count(DISTINCT artist_id)::int FROM mine) AS artists,
          (SELECT count(DISTINCT venue_id)::int FROM mine) AS venues,
          (SELECT count(DISTINCT city)::int FROM mine) AS cities,
          (SELECT json_agg(coalesce(n, 0) ORDER BY m)
             FROM generate_series(1, 12) m
             LEFT JOIN (SELECT extract(month FROM date)::int AS month, count(*)::int AS n
                          FROM mine GROUP BY 1) per ON per.month = m) AS months,
          (SELECT CASE WHEN count(overall_rating) > 0 THEN ${averagesOf('')} END FROM mine) AS averages,
          (SELECT CASE WHEN sum(c.reviews_count) > 0 THEN json_build_object(
                    'overall', round(sum(c.overall_rating_total) / sum(c.reviews_count), 2)::float8,
                    'performance', round(sum(c.performance_rating_total) / sum(c.reviews_count), 2)::float8,
                    'sound', round(sum(c.sound_rating_total) / sum(c.reviews_count), 2)::float8,
                    'venue', round(sum(c.venue_rating_total) / sum(c.reviews_count), 2)::float8,
                    'value', round(sum(c.value_rating_total) / sum(c.reviews_count), 2)::float8) END
             FROM ${concerts} c
            WHERE c.date >= ${from}::date AND c.date < ${to}::date AND c.reviews_count > 0)
            AS community,
          (SELECT json_build_object('id', id, 'artist', artist, 'venue', venue, 'city', city,
                                    'date', date::text, 'overall_rating', overall_rating::float8)
             FROM mine WHERE overall_rating IS NOT NULL
            ORDER BY overall_rating DESC, date, id LIMIT 1) AS top_show,
          (SELECT json_build_object('id', artist_id, 'name', min(artist), 'shows', count(*))
             FROM mine GROUP BY artist_id
            ORDER BY count(*) DESC, max(date) DESC, min(artist) LIMIT 1) AS most_seen`,
  );
  return row!;
}

/** The years in which the person attended shows, newest first. */
export async function selectYearsWithShows(
  db: Db,
  userId: string,
  today: string,
): Promise<number[]> {
  const rows = await executeRows<{ y: number }>(
    db,
    sql`SELECT DISTINCT extract(year FROM a.concert_date)::int AS y
          FROM ${attendance} a
         WHERE a.user_id = ${userId} AND a.status = 'attended' AND a.concert_date <= ${today}::date
         ORDER BY y DESC LIMIT 200`,
  );
  return rows.map((row) => row.y);
}

/*
 * A picture's bytes travel as base64 text, decoded and encoded by the database: the
 * embedded database turns bytea to and from hex in JavaScript on the event loop, about
 * five times slower for a picture of 150 KB.
 */

/** The year's stored picture, if it was drawn with this ETag (the primary key, then a compare). */
export async function selectYearImage(
  db: Db,
  userId: string,
  year: number,
  etag: string,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ png: sql<string>`encode(${yearImages.png}, 'base64')` })
    .from(yearImages)
    .where(
      and(eq(yearImages.userId, userId), eq(yearImages.year, year), eq(yearImages.etag, etag)),
    );
  return row && Buffer.from(row.png, 'base64');
}

/** Keeps the year's picture as drawn now, in place of any drawn before. */
export async function upsertYearImage(
  db: Db,
  userId: string,
  year: number,
  etag: string,
  png: Buffer,
): Promise<void> {
  const bytes = sql`decode(${png.toString('base64')}, 'base64')`;
  await db
    .insert(yearImages)
    .values({ userId, year, etag, png: bytes })
    .onConflictDoUpdate({
      target: [yearImages.userId, yearImages.year],
      set: { etag, png: bytes, renderedAt: sql`now()` },
    });
}
