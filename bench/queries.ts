/**
 * The SQL the benchmarked endpoints run, taken from the server's own exported Drizzle
 * query builders (`.toSQL()`) with the filters and page windows the routes derive from
 * the same query strings, so EXPLAIN and the bare-`pg` ceiling measure exactly the
 * statements the app sends.
 */
import { concertListQuerySchema } from '#shared/schemas/concerts';
import { reviewPageQuerySchema } from '#shared/schemas/reviews';
import type { Database } from '../src/server/db/index.ts';
import { buildConcertPageQuery } from '../src/server/modules/concerts/queries.ts';
import { toFilters } from '../src/server/modules/concerts/service.ts';
import { buildConcertReviewsQuery } from '../src/server/modules/reviews/queries.ts';
import { FILTERED_QUERY } from './bench-config.ts';

export interface BenchQuery {
  name: string;
  description: string;
  sql: string;
  params: unknown[];
  /** Index of the concert id in params, for statements run per concert. */
  idParam?: number;
}

export interface QueryContext {
  /** A concert that has reviews, for the per-concert statements. */
  concertId: string;
}

function concertList(db: Database, queryString: Record<string, string>) {
  const query = concertListQuerySchema.parse(queryString);
  return buildConcertPageQuery(db, toFilters(query), {
    limit: query.limit,
    offset: query.offset,
  }).toSQL();
}

export function benchQueries(db: Database, context: QueryContext): BenchQuery[] {
  const unfiltered = concertList(db, {});
  const filtered = concertList(db, { ...FILTERED_QUERY });
  const page = reviewPageQuerySchema.parse({});
  const reviews = buildConcertReviewsQuery(db, context.concertId, undefined, page).toSQL();
  return [
    {
      name: 'concerts-unfiltered',
      description: 'GET /api/concerts (first page)',
      sql: unfiltered.sql,
      params: unfiltered.params,
    },
    {
      name: 'concerts-filtered',
      description: `GET /api/concerts?${new URLSearchParams(FILTERED_QUERY).toString()}`,
      sql: filtered.sql,
      params: filtered.params,
    },
    {
      name: 'concert-reviews',
      description: `GET /api/concerts/{id}/reviews, anonymous, limit ${page.limit} (its main statement)`,
      sql: reviews.sql,
      params: reviews.params,
      idParam: reviews.params.indexOf(context.concertId),
    },
  ];
}
