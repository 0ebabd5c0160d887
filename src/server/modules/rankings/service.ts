/**
 * League tables (/rankings) and Community Favorites: venues and artists ranked by the rule
 * of #shared/ranking-rule, read from the precomputed league_entries, which a job rebuilds
 * from concert rows after reviews change and on a timetable.
 */
import { roundScore, type RankingRule } from '#shared/ranking-rule';
import { RANKING_LIMIT, type Rankings, type RankingsQuery } from '#shared/schemas/rankings';
import type { TopArtist, TopVenue } from '#shared/schemas/analytics';
import { cacheTags, type Writer } from '#server/changes/index.ts';
import type { Database } from '#server/db/index.ts';
import { todayIso } from '#server/lib/dates.ts';
import { EncodedJson } from '#server/lib/encoded-json.ts';
import type { CacheSlot } from '#server/read-cache.ts';
import {
  leagueTablesOutOfDate,
  lockLeagueTables,
  rebuildLeagueTables,
  selectLeagueRows,
  selectLeagueTableJson,
  type LeagueRow,
  type LeagueTable,
} from './queries.ts';

/** Every table is the same for everyone: one cache entry per validated query. */
export function rankingsCacheSlot(query: RankingsQuery): CacheSlot {
  const key = JSON.stringify([query.kind, query.aspect, query.city, query.genre, query.period]);
  return { key: `rankings:${key}`, tags: [cacheTags.leagueTables] };
}

export async function getRankings(
  db: Database,
  query: RankingsQuery,
  rule: RankingRule,
): Promise<EncodedJson<Rankings>> {
  const rows = await selectLeagueTableJson(db, query, query.aspect, rule, RANKING_LIMIT);
  return EncodedJson.withField({ ...query, rule }, 'rows', rows);
}

/** Community Favorites: the all-time table of every city and genre, by overall rating. */
function communityFavorites(
  db: Database,
  kind: LeagueTable['kind'],
  rule: RankingRule,
  limit: number,
): Promise<LeagueRow[]> {
  return selectLeagueRows(db, { kind, period: 'all', city: '', genre: '' }, 'overall', rule, limit);
}

export function topListCacheSlot(list: 'venues' | 'artists', limit: number): CacheSlot {
  return { key: `top-${list}:${limit}`, tags: [cacheTags.leagueTables] };
}

export async function topVenues(
  db: Database,
  rule: RankingRule,
  limit: number,
): Promise<TopVenue[]> {
  const rows = await communityFavorites(db, 'venues', rule, limit);
  return rows.map((row) => ({
    id: row.id,
    venue: row.name,
    city: row.city ?? '',
    review_count: row.count,
    avg_rating: roundScore(row.sum / row.count),
  }));
}

export async function topArtists(
  db: Database,
  rule: RankingRule,
  limit: number,
): Promise<TopArtist[]> {
  const rows = await communityFavorites(db, 'artists', rule, limit);
  return rows.map((row) => ({
    id: row.id,
    artist: row.name,
    review_count: row.count,
    avg_rating: roundScore(row.sum / row.count),
    avg_performance: roundScore(row.performanceSum / row.count),
  }));
}

/**
 * Builds the league tables before a process answers from them, unless they are current
 * under its `rule` (leagueTablesOutOfDate). Processes starting together take turns on the
 * tables' lock, and each asks again once it holds it: the first builds them, the others
 * find them built and go on, instead of each rebuilding in turn while its start waits.
 * Answers whether it built them.
 */
export async function buildLeagueTablesIfOutOfDate(
  db: Database,
  writer: Writer,
  rule: RankingRule,
  today: string = todayIso(),
): Promise<boolean> {
  if (!(await leagueTablesOutOfDate(db, rule))) return false;
  return writer.write(async (tx, changes) => {
    await lockLeagueTables(tx);
    if (!(await leagueTablesOutOfDate(tx, rule))) return false;
    if ((await rebuildLeagueTables(tx, today, rule)) > 0) changes.record({ kind: 'league-tables' });
    return true;
  });
}

/**
 * Rebuilds the league tables as of `today`, ranked under `rule`, in one transaction; cached
 * tables drop once it commits, here and in other processes.
 */
export async function refreshLeagueTables(
  writer: Writer,
  rule: RankingRule,
  today: string = todayIso(),
): Promise<number> {
  return writer.write(async (tx, changes) => {
    const rows = await rebuildLeagueTables(tx, today, rule);
    // An hourly refresh that finds nothing new keeps the cached tables.
    if (rows > 0) changes.record({ kind: 'league-tables' });
    return rows;
  });
}
