/**
 * Artist and venue pages, each read in one statement. What needs every show of an artist
 * or a venue is kept by the league tables' rebuild job on the subject's own rows of the
 * tables (all cities and genres): the averages over all time and the last 12 months, and
 * the ids of its top shows (most reviewed, best rated). Summing and sorting a venue's few
 * hundred concert rows per request cost PostgreSQL several ms a page; these are lookups of
 * the tables' unique index. The trend sums the concert rows of the last 12 months, and
 * the show lists are ranges of concerts_artist_date_idx / concerts_venue_date_idx; no
 * request reads reviews, except the songs loved live, which read only reviews that marked
 * songs (reviews_concert_highlights_idx). Every list has a LIMIT.
 *
 * Each page is a named prepared statement: planning it costs PostgreSQL more than running
 * it, and its plan (lookups and range scans by the page's id) does not depend on the values.
 * The builders are exported so bench scripts can print EXPLAIN plans and send the same
 * statement to bare pg.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { TREND_MONTHS } from '#shared/schemas/catalogue';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { artistFollows, artists, concerts, leagueEntries, venues } from '#server/db/schema.ts';
import { statementCache } from '#server/db/statements.ts';
import { deleteWhere, insertIfAbsent } from '#server/lib/row-writes.ts';
import { highlightsCountFor } from '../setlists/index.ts';
import type { ViewerId } from '../users/index.ts';

type Db = Database | Tx;
/** A value of the statement: given, or a placeholder filled at each execution. */
type Value = string | Placeholder;

/** Upcoming and past shows each list this many. */
export const SHOW_LIST_LIMIT = 20;
export const LOVED_SONGS_LIMIT = 10;

const ASPECTS = ['overall', 'performance', 'sound', 'venue', 'value'] as const;

/**
 * The review count and aspect totals of league entries `c` as columns `{prefix}n`,
 * `{prefix}overall`, …, of those `only` keeps (so one scan can sum two sets).
 */
function sumsOf(prefix: string, only: SQL): SQL {
  const filter = sql` filter (where ${only})`;
  return sql.join(
    [
      sql`coalesce(sum(c.reviews_count)${filter}, 0)::int as ${sql.raw(`${prefix}n`)}`,
      ...ASPECTS.map(
        (aspect) =>
          sql`sum(${sql.raw(`c.${aspect}_total`)})${filter} as ${sql.raw(prefix + aspect)}`,
      ),
    ],
    sql`, `,
  );
}

/** The averages, as JSON, of the sums `sumsOf(prefix)` put in the row `row`. */
function averagesOf(row: string, prefix: string): SQL {
  const column = (name: string) => sql.raw(`${row}.${prefix}${name}`);
  return sql`json_build_object('reviewCount', coalesce(${column('n')}, 0), ${sql.join(
    ASPECTS.map(
      (aspect) =>
        sql`${sql.raw(`'${aspect}'`)}, round(${column(aspect)} / nullif(${column('n')}, 0), 2)::float8`,
    ),
    sql`, `,
  )})`;
}

/** One concert row `c` in the list shape of the pages. */
const showOf = sql`json_build_object(
    'id', c.id, 'artist', c.artist, 'artistId', c.artist_id, 'venue', c.venue,
    'venueId', c.venue_id, 'city', c.city, 'date', c.date::text, 'time', c.time,
    'averageRating', round(c.overall_rating_total / nullif(c.reviews_count, 0), 2)::float8,
    'reviewCount', c.reviews_count)`;

type Owner = 'artist_id' | 'venue_id';

/** The concerts of the artist or venue `owner` (the outer row's id). */
const ownedBy = (column: Owner, owner: SQL) => sql`c.${sql.raw(column)} = ${owner}`;

/** A JSON array of the concerts `where` chooses, in `order`, at most `limit` of them. */
function showList(column: Owner, owner: SQL, where: SQL, order: SQL, limit: number): SQL {
  return sql`(select coalesce(json_agg(s.show order by s.n), '[]'::json) from (
      select ${showOf} as show, row_number() over (order by ${order}) as n
        from concerts c where ${ownedBy(column, owner)} and ${where}
       order by ${order} limit ${limit}) s)`;
}

/** The upcoming shows (from `today`, soonest first) and the past ones (latest first). */
function upcomingAndPastShows(column: Owner, owner: SQL, today: Value) {
  return {
    upcomingShows: sql<unknown>`${showList(column, owner, sql`c.date >= ${today}::date`, sql`c.date, c.id`, SHOW_LIST_LIMIT)}`,
    pastShows: sql<unknown>`${showList(column, owner, sql`c.date < ${today}::date`, sql`c.date desc, c.id desc`, SHOW_LIST_LIMIT)}`,
  };
}

/**
 * The shows the league tables' rebuild keeps first on the subject's page (an artist's most
 * reviewed, a venue's best rated), in its order: its row's list of ids, each a concert
 * looked up by its key.
 */
function topShows(kind: 'artist' | 'venue', owner: SQL): SQL {
  return sql`(select coalesce(json_agg(${showOf} order by t.n), '[]'::json)
      from (select e.top_show_ids from ${subjectRow(kind, owner)}) s
     cross join lateral unnest(s.top_show_ids) with ordinality as t(id, n)
      join ${concerts} c on c.id = t.id)`;
}

/**
 * Averages over all shows and over the last 12 months (up to the tables' last rebuild), from
 * the subject's two rows of the league tables across every city and genre; a subject with
 * no reviews has none, and its counts are 0.
 */
function averagesByPeriod(kind: 'artist' | 'venue', owner: SQL): SQL {
  const period = (name: 'all' | '12m') => sql.raw(`c.period = '${name}'`);
  return sql`(select json_build_object('allTime', ${averagesOf('s', 'all_')},
        'lastTwelveMonths', ${averagesOf('s', 'recent_')})
      from (select ${sumsOf('all_', period('all'))}, ${sumsOf('recent_', period('12m'))}
        from ${leagueEntries} c
       where c.kind = ${sql.raw(`'${kind}'`)} and c.period in ('all', '12m') and c.city = ''
         and c.genre = '' and c.subject_id = ${owner}) s)`;
}

/** The subject's row of the league tables of all time across every city and genre. */
function subjectRow(kind: 'artist' | 'venue', owner: SQL): SQL {
  return sql`${leagueEntries} e
     where e.kind = ${sql.raw(`'${kind}'`)} and e.period = 'all' and e.city = '' and e.genre = ''
       and e.subject_id = ${owner}`;
}

/**
 * One entry per calendar month of the last 12, oldest first, up to today: the calendar's
 * months, each with the sums the rebuild kept for it on the subject's row (none: no
 * reviewed show that month).
 */
function trendSeries(kind: 'artist' | 'venue', owner: SQL, today: Value): SQL {
  const firstMonth = sql`date_trunc('month', ${today}::date) - interval '${sql.raw(String(TREND_MONTHS - 1))} months'`;
  return sql`(select json_agg(json_build_object('month', to_char(m.month, 'YYYY-MM')) :: jsonb
        || ${averagesOf('t', '')}::jsonb order by m.month)
      from generate_series(${firstMonth}, date_trunc('month', ${today}::date), interval '1 month') as m(month)
      left join (select e.months from ${subjectRow(kind, owner)}) s on true
      left join lateral jsonb_to_record(s.months -> to_char(m.month, 'YYYY-MM'))
        as t(n int, overall numeric, performance numeric, sound numeric, venue numeric, value numeric)
        on true)`;
}

/**
 * What an artist's and a venue's page both show of the subject `owner` (the outer row's id):
 * its averages by period, its monthly trend, and its upcoming and past shows.
 */
function subjectOverview(kind: 'artist' | 'venue', owner: SQL, today: Value) {
  return {
    averages: sql<unknown>`${averagesByPeriod(kind, owner)}`,
    trend: sql<unknown>`${trendSeries(kind, owner, today)}`,
    ...upcomingAndPastShows(`${kind}_id`, owner, today),
  };
}

/** A page's statement, as its builder makes it with the id and today as placeholders. */
type PageStatement<Row> = {
  execute: (values: { id: string; today: string }) => Promise<Row[]>;
};

/**
 * Reads the page of the artist or venue with this id as of `today` (undefined when there is
 * none) through `build`'s statement, prepared once per database and named after `prefix`.
 */
function pageFinder<Row>(
  prefix: string,
  build: (
    db: Database,
    id: Value,
    today: Value,
  ) => { prepare: (name: string) => PageStatement<Row> },
) {
  const statements = statementCache<PageStatement<Row>>(prefix);
  return async (db: Database, id: string, today: string): Promise<Row | undefined> => {
    const statement = statements(db, 'by_id', true, (name) =>
      build(db, sql.placeholder('id'), sql.placeholder('today')).prepare(name),
    );
    const [row] = await statement.execute({ id, today });
    return row;
  };
}

const a = alias(artists, 'a');

export function buildArtistPageQuery(db: Database, id: Value, today: Value) {
  const owner = sql`a.id`;
  return db
    .select({
      id: a.id,
      name: a.name,
      genres: a.genres,
      bio: a.bio,
      imageUrl: a.imageUrl,
      country: a.country,
      website: a.website,
      followerCount: a.followerCount,
      ...subjectOverview('artist', owner, today),
      mostReviewedShows: sql<unknown>`${topShows('artist', owner)}`,
      // As visitors see it: a signed-in reader's own count comes with selectViewerArtistPart.
      lovedSongs: sql<unknown>`${lovedSongs(owner, undefined)}`,
    })
    .from(a)
    .where(eq(a.id, id));
}

export const findArtistPage = pageFinder('artist_page', buildArtistPageQuery);

/**
 * The artist's most highlighted songs, counting the highlights the viewer's setlists count
 * (highlightsCountFor): reviews that marked songs (reviews_concert_highlights_idx) of the
 * artist's concerts.
 */
function lovedSongs(artistId: SQL, viewerId: ViewerId): SQL {
  return sql`(select coalesce(json_agg(json_build_object('song', s.song, 'highlights', s.n)
                order by s.n desc, s.song), '[]'::json) from (
          select song, count(*)::int as n
            from concerts c
            join reviews r on r.concert_id = c.id and r.highlights <> '{}'::text[]
            cross join lateral unnest(r.highlights) as song
           where c.artist_id = ${artistId} and ${highlightsCountFor(viewerId, sql`r.user_id`)}
           group by song order by n desc, song limit ${LOVED_SONGS_LIMIT}) s)`;
}

/**
 * What of the artist's page is a signed-in reader's own, in one statement: whether they
 * follow the artist (the pair's unique index) and the songs loved live as they may count them.
 */
export async function selectViewerArtistPart(
  db: Db,
  userId: string,
  artistId: string,
): Promise<{ isFollowing: boolean; lovedSongs: unknown }> {
  const [row] = await executeRows<{ is_following: boolean; loved_songs: unknown }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${artistFollows} af
                        WHERE af.user_id = ${userId} AND af.artist_id = ${artistId}) AS is_following,
               ${lovedSongs(sql`${artistId}::uuid`, userId)} AS loved_songs`,
  );
  return { isFollowing: Boolean(row?.is_following), lovedSongs: row?.loved_songs ?? [] };
}

const v = alias(venues, 'v');

export function buildVenuePageQuery(db: Database, id: Value, today: Value) {
  const owner = sql`v.id`;
  return db
    .select({
      id: v.id,
      name: v.name,
      city: v.city,
      state: v.state,
      address: v.address,
      capacity: v.capacity,
      type: v.type,
      amenities: v.amenities,
      imageUrl: v.imageUrl,
      website: v.website,
      ...subjectOverview('venue', owner, today),
      bestRatedShows: sql<unknown>`${topShows('venue', owner)}`,
    })
    .from(v)
    .where(eq(v.id, id));
}

export const findVenuePage = pageFinder('venue_page', buildVenuePageQuery);

/** Adds the follow unless it exists; false when it did (a concurrent one included). */
export async function insertArtistFollow(tx: Db, userId: string, artistId: string) {
  return insertIfAbsent(tx, artistFollows, { userId, artistId }, [
    artistFollows.userId,
    artistFollows.artistId,
  ]);
}

export async function deleteArtistFollow(tx: Db, userId: string, artistId: string) {
  return deleteWhere(
    tx,
    artistFollows,
    and(eq(artistFollows.userId, userId), eq(artistFollows.artistId, artistId)),
  );
}

/** The artist's follower count as the statement sees it; undefined when there is no such artist. */
export async function selectArtistFollowerCount(db: Db, artistId: string) {
  const [row] = await executeRows<{ followerCount: number }>(
    db,
    sql`select follower_count as "followerCount" from artists where id = ${artistId}`,
  );
  return row?.followerCount;
}
