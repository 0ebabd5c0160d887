/**
 * Reading a league table (decision 0014, 0015): its first subjects by an aspect as rows, or
 * as the JSON /api/rankings sends, through statements prepared once per shape.
 */
import { and, eq, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type {
  RankingAspect,
  RankingKind,
  RankingPeriod,
  RankingRow,
} from '#shared/schemas/rankings';
import type { RankingRule } from '#shared/ranking-rule';
import type { Database } from '#server/db/index.ts';
import { EncodedJson } from '#server/lib/encoded-json.ts';
import { statementCache } from '#server/db/statements.ts';
import { artists, leagueEntries, venues } from '#server/db/schema.ts';
import { ASPECT_KEYS, RANK_KEYS, bayesianScore, kindOf, type LeagueTable } from './tables.ts';

/** A table's values, or placeholders for them in a prepared statement. */
interface LeagueTableValues {
  kind: RankingKind;
  period: RankingPeriod | Placeholder;
  city: string | Placeholder;
  genre: string | Placeholder;
}

function inTable(table: LeagueTableValues) {
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
 * The table's first `limit` subjects by the aspect: a range of the aspect's rank index,
 * whose places the rebuild gave under the rule (rankLeagueTables), with each one's score
 * toward the table's mean, read once from its totals row (an InitPlan). (The statement
 * itself, for the bench's ceiling and EXPLAIN.)
 */
export function buildLeagueRowsQuery(
  db: Database,
  table: LeagueTableValues,
  aspect: RankingAspect,
  rule: RankingRule,
  limit: number | Placeholder,
) {
  const sum = leagueEntries[ASPECT_KEYS[aspect]];
  const rank = leagueEntries[RANK_KEYS[aspect]];
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
  const score = sql<number>`${bayesianScore(rule, mean, sql`${sum}`, sql`${leagueEntries.reviewsCount}`)}`;
  const subject = table.kind === 'venues' ? venues : artists;
  // Every field named, so buildLeagueTableJsonQuery can read them from this as a subquery.
  return db
    .select({
      rank: sql<number>`${rank}`.as('rank'),
      id: sql<string>`${subject.id}`.as('id'),
      name: sql<string>`${subject.name}`.as('name'),
      city: (table.kind === 'venues' ? sql<string | null>`${venues.city}` : sql<null>`null`).as(
        'city',
      ),
      genres: (table.kind === 'artists'
        ? sql<string[]>`${artists.genres}`
        : sql<string[]>`'{}'::text[]`
      ).as('genres'),
      count: sql<number>`${leagueEntries.reviewsCount}`.as('count'),
      sum: sql<number>`${sum}::float8`.as('sum'),
      performanceSum: sql<number>`${leagueEntries.performanceTotal}::float8`.as('performance_sum'),
      score: score.as('score'),
    })
    .from(leagueEntries)
    .innerJoin(subject, eq(subject.id, leagueEntries.subjectId))
    .where(and(inTable(table), isNotNull(rank)))
    .orderBy(rank)
    .limit(limit);
}

/** As roundScore (#shared/ranking-rule) rounds, in the same float8 arithmetic. */
const roundedScore = (value: SQL) => sql`floor(${value} * 100 + 0.5) / 100`;

/**
 * The table's first `limit` subjects as /api/rankings answers them (RankingRow), one JSON
 * array PostgreSQL writes from buildLeagueRowsQuery's rows, in rank order: the table is the
 * same for everyone and nothing in a row needs the server, so the text goes out as it is
 * (decision 0015). '[]' when nobody is ranked.
 */
export function buildLeagueTableJsonQuery(
  db: Database,
  table: LeagueTableValues,
  aspect: RankingAspect,
  rule: RankingRule,
  limit: number | Placeholder,
) {
  const row = buildLeagueRowsQuery(db, table, aspect, rule, limit).as('ranked');
  return db
    .select({
      rows: sql<string>`coalesce(json_agg(json_build_object(
          'rank', ${row.rank},
          'id', ${row.id},
          'name', ${row.name},
          'city', ${row.city},
          'genres', ${row.genres},
          'score', ${roundedScore(sql`${row.score}`)},
          'average', ${roundedScore(sql`${row.sum} / ${row.count}`)},
          'reviewCount', ${row.count}
        ) ORDER BY ${row.rank}), '[]')::text`,
    })
    .from(row);
}

/** A table's values as a named statement's placeholders. */
function tablePlaceholders(kind: RankingKind): LeagueTableValues {
  return {
    kind,
    period: sql.placeholder('period'),
    city: sql.placeholder('city'),
    genre: sql.placeholder('genre'),
  };
}

/** A league statement as a builder makes it, with a table's values as placeholders. */
type LeagueStatement<Row> = {
  execute: (values: {
    period: string;
    city: string;
    genre: string;
    limit: number;
  }) => Promise<Row[]>;
};

/**
 * Reads a table through `build`'s statement, named once per kind, aspect and prior weight:
 * each reads a range of one rank index whatever the table's values, and planning it cost
 * more than running it.
 */
function leagueReader<Row>(
  prefix: string,
  build: (
    db: Database,
    table: LeagueTableValues,
    aspect: RankingAspect,
    rule: RankingRule,
    limit: Placeholder,
  ) => { prepare: (name: string) => LeagueStatement<Row> },
) {
  const statements = statementCache<LeagueStatement<Row>>(prefix);
  return (
    db: Database,
    table: LeagueTable,
    aspect: RankingAspect,
    rule: RankingRule,
    limit: number,
  ): Promise<Row[]> => {
    const shape = `${table.kind}:${aspect}:${rule.priorWeight}`;
    const statement = statements(db, shape, true, (name) =>
      build(db, tablePlaceholders(table.kind), aspect, rule, sql.placeholder('limit')).prepare(
        name,
      ),
    );
    return statement.execute({ period: table.period, city: table.city, genre: table.genre, limit });
  };
}

export const selectLeagueRows: (
  db: Database,
  table: LeagueTable,
  aspect: RankingAspect,
  rule: RankingRule,
  limit: number,
) => Promise<LeagueRow[]> = leagueReader('league_rows', buildLeagueRowsQuery);

const readLeagueTableJson = leagueReader('league_table_json', buildLeagueTableJsonQuery);

/** The JSON array of buildLeagueTableJsonQuery, for /api/rankings. */
export async function selectLeagueTableJson(
  db: Database,
  table: LeagueTable,
  aspect: RankingAspect,
  rule: RankingRule,
  limit: number,
): Promise<EncodedJson<RankingRow[]>> {
  const [answer] = await readLeagueTableJson(db, table, aspect, rule, limit);
  return new EncodedJson(answer!.rows);
}
