import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { RankingAspect, RankingKind, RankingPeriod } from '#shared/schemas/rankings';
import type { RankingRule } from '#shared/ranking-rule';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { artists, concerts, leagueEntries, venues } from '#server/db/schema.ts';

/** One league table: whose, over which reviews. '' city or genre is all of them. */
export interface LeagueTable {
  kind: RankingKind;
  period: RankingPeriod;
  city: string;
  genre: string;
}

const kindOf = { venues: 'venue', artists: 'artist' } as const;

const ASPECT_KEYS = {
  overall: 'overallTotal',
  performance: 'performanceTotal',
  sound: 'soundTotal',
  venue: 'venueTotal',
  value: 'valueTotal',
} as const;

/** A subject id no row has, so the tables' totals rows (no subject) match by equality. */
const NO_SUBJECT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * Rebuilds every league table from concert rows (their review counts and rating sums, kept
 * by a trigger), never from reviews: one statement adds up each venue and artist per city,
 * genre, both and neither, and each table's totals, for all time and for the 12 months up
 * to `today` by concert date, then writes only what changed: rows whose figures differ are
 * updated, new ones added, ones with no reviews left deleted. (After one review that is a
 * few dozen rows, where replacing the tables would write every row.) Run inside a
 * transaction: readers see the old tables until it commits. Concerts without a genre count
 * in "all genres" only. Answers how many rows it wrote.
 */
export async function rebuildLeagueTables(tx: Tx, today: string): Promise<number> {
  // Two refreshes at once would each add the rows the other is adding; the second waits
  // here (readers do not) and then sees the first one's rows.
  await tx.execute(sql`LOCK TABLE ${leagueEntries} IN EXCLUSIVE MODE`);
  const [written] = await executeRows<{ changed: number; gone: number }>(
    tx,
    sql`
    WITH fresh AS (
      SELECT s.kind, s.period,
             CASE WHEN GROUPING(s.city) = 1 THEN '' ELSE s.city END AS city,
             CASE WHEN GROUPING(s.genre) = 1 THEN '' ELSE s.genre END AS genre,
             s.subject_id,
             sum(s.reviews_count)::int AS reviews_count,
             sum(s.overall_rating_total) AS overall_total,
             sum(s.performance_rating_total) AS performance_total,
             sum(s.sound_rating_total) AS sound_total,
             sum(s.venue_rating_total) AS venue_total,
             sum(s.value_rating_total) AS value_total
        FROM (
          SELECT k.kind, p.period,
                 CASE k.kind WHEN 'venue' THEN c.venue_id ELSE c.artist_id END AS subject_id,
                 c.city, c.genre, c.reviews_count, c.overall_rating_total,
                 c.performance_rating_total, c.sound_rating_total, c.venue_rating_total,
                 c.value_rating_total
            FROM ${concerts} c
           CROSS JOIN (VALUES ('venue'), ('artist')) AS k (kind)
           CROSS JOIN (VALUES ('all'), ('12m')) AS p (period)
           WHERE c.reviews_count > 0
             AND (p.period = 'all'
                  OR (c.date > ${today}::date - interval '12 months' AND c.date <= ${today}::date))
        ) s
       GROUP BY GROUPING SETS (
         (s.kind, s.period, s.subject_id, s.city, s.genre),
         (s.kind, s.period, s.subject_id, s.city),
         (s.kind, s.period, s.subject_id, s.genre),
         (s.kind, s.period, s.subject_id),
         (s.kind, s.period, s.city, s.genre),
         (s.kind, s.period, s.city),
         (s.kind, s.period, s.genre),
         (s.kind, s.period)
       )
      HAVING GROUPING(s.genre) = 1 OR s.genre IS NOT NULL
    ),
    changed AS (
      INSERT INTO ${leagueEntries} AS e (kind, period, city, genre, subject_id, reviews_count,
        overall_total, performance_total, sound_total, venue_total, value_total)
      SELECT * FROM fresh
      ON CONFLICT ON CONSTRAINT league_entries_table_subject_unique DO UPDATE
        SET reviews_count = excluded.reviews_count,
            overall_total = excluded.overall_total,
            performance_total = excluded.performance_total,
            sound_total = excluded.sound_total,
            venue_total = excluded.venue_total,
            value_total = excluded.value_total
        WHERE (e.reviews_count, e.overall_total, e.performance_total, e.sound_total,
               e.venue_total, e.value_total)
              IS DISTINCT FROM
              (excluded.reviews_count, excluded.overall_total, excluded.performance_total,
               excluded.sound_total, excluded.venue_total, excluded.value_total)
      RETURNING 1
    ),
    gone AS (
      DELETE FROM ${leagueEntries} e
       WHERE NOT EXISTS (
         SELECT 1 FROM fresh f
          WHERE f.kind = e.kind AND f.period = e.period AND f.city = e.city
            AND f.genre = e.genre
            AND coalesce(f.subject_id, ${NO_SUBJECT}) = coalesce(e.subject_id, ${NO_SUBJECT}))
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM changed)::int AS changed,
           (SELECT count(*) FROM gone)::int AS gone`,
  );
  return (written?.changed ?? 0) + (written?.gone ?? 0);
}

/** Whether the tables were never built while there are reviews to build them from. */
export async function leagueTablesMissing(db: Database): Promise<boolean> {
  const [row] = await executeRows<{ missing: boolean }>(
    db,
    sql`SELECT NOT EXISTS (SELECT 1 FROM ${leagueEntries})
               AND EXISTS (SELECT 1 FROM ${concerts} WHERE ${concerts.reviewsCount} > 0) AS missing`,
  );
  return row?.missing ?? false;
}

function inTable(table: LeagueTable) {
  return and(
    eq(leagueEntries.kind, kindOf[table.kind]),
    eq(leagueEntries.period, table.period),
    eq(leagueEntries.city, table.city),
    eq(leagueEntries.genre, table.genre),
  );
}

export interface LeagueRow {
  id: string;
  name: string;
  city: string | null;
  genres: string[];
  count: number;
  /** The ranked aspect's sum. */
  sum: number;
  /** Performance's sum, which Community Favorites shows beside the ranked overall. */
  performanceSum: number;
  score: number;
}

/**
 * The table's subjects with at least the minimum review count, ranked by the rule of
 * #shared/ranking-rule, which this ORDER BY computes the same way: the Bayesian score,
 * then more reviews, then the name (C collation: code units), then the id. The mean is the
 * table's totals row's; the sort reads one table's rows. (The statement itself, for the
 * bench's ceiling and EXPLAIN.)
 */
export function buildLeagueRowsQuery(
  db: Database,
  table: LeagueTable,
  aspect: RankingAspect,
  rule: RankingRule,
  limit: number,
) {
  const sum = leagueEntries[ASPECT_KEYS[aspect]];
  // The table's totals row: the mean every score leans toward, read once (an InitPlan).
  const t = sql.identifier('totals');
  const column = (name: string) => sql`${t}.${sql.identifier(name)}`;
  const mean = sql`(SELECT ${column(sum.name)} / ${column(leagueEntries.reviewsCount.name)}
      FROM ${leagueEntries} AS ${t}
     WHERE ${column(leagueEntries.kind.name)} = ${kindOf[table.kind]}
       AND ${column(leagueEntries.period.name)} = ${table.period}
       AND ${column(leagueEntries.city.name)} = ${table.city}
       AND ${column(leagueEntries.genre.name)} = ${table.genre}
       AND ${column(leagueEntries.subjectId.name)} IS NULL)`;
  const score = sql<number>`((${rule.priorWeight}::numeric * ${mean} + ${sum}) / (${rule.priorWeight}::numeric + ${leagueEntries.reviewsCount}))::float8`;
  const subject = table.kind === 'venues' ? venues : artists;
  return db
    .select({
      id: sql<string>`${subject.id}`,
      name: subject.name,
      city: table.kind === 'venues' ? venues.city : sql<string | null>`null`,
      genres: table.kind === 'artists' ? artists.genres : sql<string[]>`'{}'::text[]`,
      count: leagueEntries.reviewsCount,
      sum: sql<number>`${sum}::float8`,
      performanceSum: sql<number>`${leagueEntries.performanceTotal}::float8`,
      score,
    })
    .from(leagueEntries)
    .innerJoin(subject, eq(subject.id, leagueEntries.subjectId))
    .where(
      and(
        inTable(table),
        isNotNull(leagueEntries.subjectId),
        gte(leagueEntries.reviewsCount, Math.max(1, rule.minReviews)),
      ),
    )
    .orderBy(desc(score), desc(leagueEntries.reviewsCount), subject.name, subject.id)
    .limit(limit);
}

export async function selectLeagueRows(
  db: Database,
  table: LeagueTable,
  aspect: RankingAspect,
  rule: RankingRule,
  limit: number,
): Promise<LeagueRow[]> {
  return buildLeagueRowsQuery(db, table, aspect, rule, limit);
}
