/**
 * A person's diary: the shows they marked "I was there" (attendance rows), read newest first
 * from attendance_user_status_date_idx, one person's marks and never the whole table; and the
 * numbers of those shows in one aggregate statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DID_YOU_GO_MAX,
  TOP_SONGS_MAX,
  type DiaryQuery,
  type DiaryShow,
  type DiaryStats,
  type OwnDiaryShow,
} from '#shared/schemas/diary';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { artists, attendance, concerts, diarySongs, reviews, venues } from '#server/db/schema.ts';
import { ticketColumns, toTicket, type TicketColumnsRow } from '../attendance/index.ts';

type Db = Database | Tx;

interface ShowRow {
  id: string;
  date: string;
  artist: string;
  venue: string;
  city: string;
  country: string | null;
  review_id: string | null;
  rating: number | null;
}

const showColumns = sql`c.id, c.date::text AS date, c.artist, c.venue, c.city, v.country,
  r.id AS review_id, r.overall_rating::float8 AS rating`;

const showJoins = sql`JOIN ${concerts} c ON c.id = a.concert_id
  LEFT JOIN ${venues} v ON v.id = c.venue_id
  LEFT JOIN ${reviews} r ON r.user_id = a.user_id AND r.concert_id = a.concert_id`;

/** A show of one's own diary: its row with the ticket details, which no one else reads. */
type OwnShowRow = ShowRow & TicketColumnsRow;

/** `own`: the reader is the diary's person, who sees which review is theirs and its rating. */
function toShow(row: ShowRow, own: boolean): DiaryShow {
  return {
    id: row.id,
    date: row.date,
    artist: row.artist,
    venue: row.venue,
    city: row.city,
    country: row.country,
    reviewed: row.review_id !== null,
    reviewId: own ? row.review_id : null,
    rating: own && row.rating !== null ? Number(row.rating) : null,
  };
}

const toOwnShow = (row: OwnShowRow): OwnDiaryShow => ({
  ...toShow(row, true),
  ticket: toTicket(row),
});

/** Names that contain `value`, in any case (no pattern characters to escape). */
const contains = (column: SQL, value: string) => sql`strpos(lower(${column}), lower(${value})) > 0`;

/** The WHERE of a page of the person's shows, newest first, after the show `before`. */
function showsWhere(userId: string, query: DiaryQuery): SQL {
  const where: SQL[] = [sql`a.user_id = ${userId}`, sql`a.status = 'attended'`];
  if (query.year !== undefined) {
    where.push(
      sql`a.concert_date BETWEEN ${`${query.year}-01-01`}::date AND ${`${query.year}-12-31`}::date`,
    );
  }
  if (query.artist) where.push(contains(sql`c.artist`, query.artist));
  if (query.venue) where.push(contains(sql`c.venue`, query.venue));
  if (query.city) where.push(contains(sql`c.city`, query.city));
  if (query.before) {
    where.push(sql`(a.concert_date, a.concert_id) < (
      SELECT b.concert_date, b.concert_id FROM ${attendance} b
       WHERE b.user_id = ${userId} AND b.concert_id = ${query.before})`);
  }
  return sql.join(where, sql` AND `);
}

/** One page of someone else's shows: never their ticket details. */
export async function selectDiaryShows(
  db: Db,
  userId: string,
  query: DiaryQuery,
): Promise<DiaryShow[]> {
  const rows = await executeRows<ShowRow>(
    db,
    sql`SELECT ${showColumns} FROM ${attendance} a ${showJoins}
         WHERE ${showsWhere(userId, query)}
         ORDER BY a.concert_date DESC, a.concert_id DESC
         LIMIT ${query.limit}`,
  );
  return rows.map((row) => toShow(row, false));
}

/** One page of one's own shows, with one's reviews and ticket details. */
export async function selectOwnDiaryShows(
  db: Db,
  userId: string,
  query: DiaryQuery,
): Promise<OwnDiaryShow[]> {
  const rows = await executeRows<OwnShowRow>(
    db,
    sql`SELECT ${showColumns}, ${ticketColumns} FROM ${attendance} a ${showJoins}
         WHERE ${showsWhere(userId, query)}
         ORDER BY a.concert_date DESC, a.concert_id DESC
         LIMIT ${query.limit}`,
  );
  return rows.map(toOwnShow);
}

/** "Did you go?": the person's "Going" marks on shows before `today`, newest first. */
export async function selectDidYouGo(
  db: Db,
  userId: string,
  today: string,
): Promise<OwnDiaryShow[]> {
  const rows = await executeRows<OwnShowRow>(
    db,
    sql`SELECT ${showColumns}, ${ticketColumns} FROM ${attendance} a ${showJoins}
         WHERE a.user_id = ${userId} AND a.status = 'going' AND a.concert_date < ${today}::date
         ORDER BY a.concert_date DESC, a.concert_id DESC
         LIMIT ${DID_YOU_GO_MAX}`,
  );
  return rows.map(toOwnShow);
}

interface StatsRow {
  shows: number;
  artists: number;
  venues: number;
  cities: number;
  countries: number;
  songs_heard_live: number;
  most_seen_artist: DiaryStats['mostSeenArtist'];
  most_visited_venue: DiaryStats['mostVisitedVenue'];
  first_show: DiaryStats['firstShow'];
  per_year: DiaryStats['perYear'];
  top_songs: DiaryStats['topSongs'];
}

/**
 * The numbers of the person's shows, one statement: their attended marks, read with their
 * artist and venue from the person's part of attendance_user_status_date_idx alone, then
 * counted every way the diary shows. Only what is named is looked up: the venues they went
 * to (cities and countries), the artists and venues they saw most, the first show's concert.
 * Songs heard live are kept counts (diary_songs): by their name as the setlist writes it,
 * encores included; a song played twice at one show counts twice.
 */
export async function selectDiaryStats(db: Db, userId: string): Promise<DiaryStats> {
  const [row] = await executeRows<StatsRow>(
    db,
    sql`WITH shows AS MATERIALIZED (
          SELECT concert_id AS id, concert_date AS date, artist_id, venue_id
            FROM ${attendance}
           WHERE user_id = ${userId} AND status = 'attended'
        ),
        by_artist AS MATERIALIZED (
          SELECT artist_id, count(*)::int AS n FROM shows GROUP BY artist_id
        ),
        by_venue AS MATERIALIZED (
          SELECT venue_id, count(*)::int AS n FROM shows GROUP BY venue_id
        )
        SELECT
          (SELECT count(*)::int FROM shows) AS shows,
          (SELECT count(*)::int FROM by_artist) AS artists,
          (SELECT count(*)::int FROM by_venue) AS venues,
          (SELECT count(DISTINCT lower(v.city))::int
             FROM by_venue b JOIN ${venues} v ON v.id = b.venue_id) AS cities,
          (SELECT count(DISTINCT lower(v.country))::int
             FROM by_venue b JOIN ${venues} v ON v.id = b.venue_id) AS countries,
          (SELECT count(*)::int FROM ${diarySongs} WHERE user_id = ${userId}) AS songs_heard_live,
          (SELECT json_build_object('name', ar.name, 'count', b.n)
             FROM by_artist b JOIN ${artists} ar ON ar.id = b.artist_id
            ORDER BY b.n DESC, ar.name LIMIT 1) AS most_seen_artist,
          (SELECT json_build_object('name', v.name, 'city', v.city, 'count', b.n)
             FROM by_venue b JOIN ${venues} v ON v.id = b.venue_id
            ORDER BY b.n DESC, v.name LIMIT 1) AS most_visited_venue,
          (SELECT json_build_object('id', c.id, 'date', first.date::text, 'artist', c.artist,
                                    'venue', c.venue, 'city', c.city)
             FROM (SELECT id, date FROM shows ORDER BY date, id LIMIT 1) first
             JOIN ${concerts} c ON c.id = first.id) AS first_show,
          (SELECT coalesce(json_agg(json_build_object('year', y, 'count', n) ORDER BY y DESC), '[]')
             FROM (SELECT extract(year FROM date)::int AS y, count(*)::int AS n
                     FROM shows GROUP BY 1) per_year) AS per_year,
          (SELECT coalesce(json_agg(json_build_object('song', song, 'count', times)
                                    ORDER BY times DESC, song), '[]')
             -- In diary_songs_user_times_idx's order (NULLS LAST as it is built), so the
             -- first ten are read and no more.
             FROM (SELECT song, times FROM ${diarySongs} WHERE user_id = ${userId}
                    ORDER BY times DESC NULLS LAST, song LIMIT ${TOP_SONGS_MAX}) top)
            AS top_songs`,
  );
  if (!row) throw new Error('the diary numbers statement answered no row');
  const json = <T>(value: T | string): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    shows: row.shows,
    artists: row.artists,
    venues: row.venues,
    cities: row.cities,
    countries: row.countries,
    songsHeardLive: row.songs_heard_live,
    mostSeenArtist: json(row.most_seen_artist),
    mostVisitedVenue: json(row.most_visited_venue),
    firstShow: json(row.first_show),
    perYear: json(row.per_year),
    topSongs: json(row.top_songs),
  };
}
