/**
 * The rankings module's statements, one file a concern: what every league statement shares
 * (queries/tables.ts), building the tables (rebuild.ts) and reading one (read.ts).
 */
export type { LeagueTable } from './queries/tables.ts';
export { leagueTablesOutOfDate, lockLeagueTables, rebuildLeagueTables } from './queries/rebuild.ts';
export {
  buildLeagueRowsQuery,
  buildLeagueTableJsonQuery,
  selectLeagueRows,
  selectLeagueTableJson,
  type LeagueRow,
} from './queries/read.ts';
