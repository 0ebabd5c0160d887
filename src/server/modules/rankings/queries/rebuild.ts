/**
 * Building the league tables from the concert rows (decision 0013): their figures, the
 * places under the rule, what a subject's page shows, and whether they need building.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RankingAspect } from '#shared/schemas/rankings';
import type { RankingRule } from '#shared/ranking-rule';
import { BEST_RATED_MIN_REVIEWS, TOP_SHOWS_LIMIT, TREND_MONTHS } from '#shared/schemas/catalogue';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { artists, concerts, leagueEntries, leagueRule, venues } from '#server/db/schema.ts';
import { ASPECTS, ASPECT_KEYS, RANK_KEYS, bayesianScore } from './tables.ts';

/** A subject id no row has, so the tables' totals rows (no subject) match by equality. */
const NO_SUBJECT = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * Makes a transaction the only one writing the tables until it ends. Two refreshes at once
 * would each add the rows the other is adding; the second waits here (readers do not) and
 * then sees the first one's rows.
 */
export async function lockLeagueTables(tx: Tx): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${leagueEntries} IN EXCLUSIVE MODE`);
}

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
export async function rebuildLeagueTables(
  tx: Tx,
  today: string,
  rule: RankingRule,
): Promise<number> {
  await lockLeagueTables(tx);
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
  const reranked = await rankLeagueTables(tx, rule);
  const pages = await keepPageFigures(tx, today);
  return (written?.changed ?? 0) + (written?.gone ?? 0) + reranked + pages;
}

/**
 * Keeps on each subject's row of all time across every city and genre what its page shows
 * of all its shows: the shows it lists first (an artist's most reviewed, then the newest; a
 * venue's best rated among those with at least BEST_RATED_MIN_REVIEWS reviews, then the
 * most reviewed, the newest) and the review count and rating sums of each month of the 12
 * up to `today` with reviews. Writes only the rows where either changed. Answers how many
 * rows it wrote.
 */
async function keepPageFigures(tx: Tx, today: string): Promise<number> {
  const firstMonth = sql`(date_trunc('month', ${today}::date) - interval '${sql.raw(String(TREND_MONTHS - 1))} months')::date`;
  const [kept] = await executeRows<{ rows: number }>(
    tx,
    sql`
    WITH ranked AS (
      SELECT 'artist' AS kind, c.artist_id AS subject_id, c.id, row_number() OVER (
          PARTITION BY c.artist_id ORDER BY c.reviews_count DESC, c.date DESC, c.id DESC) AS n
        FROM ${concerts} c
       WHERE c.artist_id IS NOT NULL AND c.reviews_count > 0
      UNION ALL
      SELECT 'venue', c.venue_id, c.id, row_number() OVER (
          PARTITION BY c.venue_id
          ORDER BY c.overall_rating_total / c.reviews_count DESC, c.reviews_count DESC,
                   c.date DESC, c.id DESC)
        FROM ${concerts} c
       WHERE c.venue_id IS NOT NULL AND c.reviews_count >= ${BEST_RATED_MIN_REVIEWS}
    ),
    -- Made once each: the planner, expecting a single subject row, would otherwise make
    -- them again for each.
    tops AS MATERIALIZED (
      SELECT kind, subject_id, array_agg(id ORDER BY n) AS ids
        FROM ranked WHERE n <= ${TOP_SHOWS_LIMIT}
       GROUP BY kind, subject_id
    ),
    by_month AS (
      SELECT k.kind, CASE k.kind WHEN 'venue' THEN c.venue_id ELSE c.artist_id END AS subject_id,
             to_char(c.date, 'YYYY-MM') AS month,
             jsonb_build_object('n', sum(c.reviews_count),
               'overall', sum(c.overall_rating_total),
               'performance', sum(c.performance_rating_total),
               'sound', sum(c.sound_rating_total),
               'venue', sum(c.venue_rating_total),
               'value', sum(c.value_rating_total)) AS sums
        FROM ${concerts} c
       CROSS JOIN (VALUES ('venue'), ('artist')) AS k (kind)
       WHERE c.reviews_count > 0 AND c.date >= ${firstMonth} AND c.date <= ${today}::date
       GROUP BY 1, 2, 3
    ),
    months AS MATERIALIZED (
      SELECT kind, subject_id, jsonb_object_agg(month, sums) AS months
        FROM by_month WHERE subject_id IS NOT NULL
       GROUP BY kind, subject_id
    ),
    figures AS (
      SELECT s.ctid AS row_id, coalesce(t.ids, '{}'::text[]) AS ids,
             coalesce(m.months, '{}'::jsonb) AS months
        FROM ${leagueEntries} s
        LEFT JOIN tops t ON t.kind = s.kind AND t.subject_id = s.subject_id
        LEFT JOIN months m ON m.kind = s.kind AND m.subject_id = s.subject_id
       WHERE s.period = 'all' AND s.city = '' AND s.genre = '' AND s.subject_id IS NOT NULL
    ),
    kept AS (
      UPDATE ${leagueEntries} e SET top_show_ids = f.ids, months = f.months
        FROM figures f
       WHERE e.ctid = f.row_id AND (e.top_show_ids, e.months) IS DISTINCT FROM (f.ids, f.months)
      RETURNING 1
    )
    SELECT count(*)::int AS rows FROM kept`,
  );
  return kept?.rows ?? 0;
}

/**
 * The score of each row `e` by `aspect` under the rule, as the tables rank it: the mean is
 * its table's totals row `t`.
 */
function scoreOf(aspect: RankingAspect, rule: RankingRule): SQL {
  const column = sql.identifier(leagueEntries[ASPECT_KEYS[aspect]].name);
  const count = sql.identifier(leagueEntries.reviewsCount.name);
  return bayesianScore(rule, sql`(t.${column} / t.${count})`, sql`e.${column}`, sql`e.${count}`);
}

/**
 * Places every subject in each of its tables by each aspect under the rule, as
 * #shared/ranking-rule ranks: score, then more reviews, then the name, then the id; those
 * below the minimum of reviews get no place. Writes only the places that moved, and the
 * rule they were made with. Answers how many rows it wrote.
 */
async function rankLeagueTables(tx: Tx, rule: RankingRule): Promise<number> {
  const minReviews = Math.max(1, rule.minReviews);
  const ranked = sql`(e.subject_id IS NOT NULL AND e.reviews_count >= ${minReviews})`;
  const places = ASPECTS.map((aspect) => {
    const rank = sql.identifier(leagueEntries[RANK_KEYS[aspect]].name);
    return sql`CASE WHEN ${ranked} THEN row_number() OVER (
        PARTITION BY e.kind, e.period, e.city, e.genre, ${ranked}
        ORDER BY ${scoreOf(aspect, rule)} DESC, e.reviews_count DESC, n.name, e.subject_id)
      END AS ${rank}`;
  });
  const ranks = ASPECTS.map((aspect) => sql.identifier(leagueEntries[RANK_KEYS[aspect]].name));
  const assigned = sql.join(
    ranks.map((rank) => sql`${rank} = p.${rank}`),
    sql`, `,
  );
  const current = sql.join(
    ranks.map((rank) => sql`e.${rank}`),
    sql`, `,
  );
  const placed = sql.join(
    ranks.map((rank) => sql`p.${rank}`),
    sql`, `,
  );
  const [moved] = await executeRows<{ rows: number }>(
    tx,
    sql`
    WITH places AS (
      SELECT e.ctid AS row_id, ${sql.join(places, sql`, `)}
        FROM ${leagueEntries} e
        JOIN ${leagueEntries} t
          ON t.kind = e.kind AND t.period = e.period AND t.city = e.city AND t.genre = e.genre
         AND t.subject_id IS NULL
        -- The subject's name, looked up by its id (a join on kind and id would scan).
        CROSS JOIN LATERAL (SELECT CASE e.kind
            WHEN 'artist' THEN (SELECT a.name FROM ${artists} a WHERE a.id = e.subject_id)
            ELSE (SELECT v.name FROM ${venues} v WHERE v.id = e.subject_id) END AS name) n
    ),
    moved AS (
      UPDATE ${leagueEntries} e SET ${assigned}
        FROM places p
       WHERE e.ctid = p.row_id AND (${current}) IS DISTINCT FROM (${placed})
      RETURNING 1
    )
    SELECT count(*)::int AS rows FROM moved`,
  );
  await tx
    .insert(leagueRule)
    .values({ priorWeight: rule.priorWeight, minReviews: rule.minReviews })
    .onConflictDoUpdate({
      target: leagueRule.one,
      set: { priorWeight: rule.priorWeight, minReviews: rule.minReviews },
    });
  return moved?.rows ?? 0;
}

/**
 * Whether the tables need building before this process answers from them: never built
 * while there are reviews to build them from, or ranked under another rule than `rule`.
 */
export async function leagueTablesOutOfDate(
  db: Database | Tx,
  rule: RankingRule,
): Promise<boolean> {
  const [row] = await executeRows<{ outOfDate: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${concerts} WHERE ${concerts.reviewsCount} > 0)
               AND (NOT EXISTS (SELECT 1 FROM ${leagueEntries})
                    OR NOT EXISTS (SELECT 1 FROM ${leagueRule}
                                    WHERE ${leagueRule.priorWeight} = ${rule.priorWeight}
                                      AND ${leagueRule.minReviews} = ${rule.minReviews}))
               AS "outOfDate"`,
  );
  return row?.outOfDate ?? false;
}
