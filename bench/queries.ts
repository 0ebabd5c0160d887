/**
 * The SQL the benchmarked endpoints run, taken from the server's own exported query
 * builders (Drizzle's `.toSQL()`) with the filters and page
 * windows the routes derive from the same query strings, so EXPLAIN and the bare-`pg`
 * ceiling measure exactly the statements the app sends.
 */
import { TIMELINE_LIMIT, USER_LIST_DEFAULT } from '#shared/limits';
import { concertListQuerySchema } from '#shared/schemas/concerts';
import { DEFAULT_RANKING_RULE } from '#shared/ranking-rule';
import { RANKING_LIMIT, rankingsQuerySchema } from '#shared/schemas/rankings';
import { reviewPageQuerySchema } from '#shared/schemas/reviews';
import { SEARCH_SUGGESTIONS_PER_GROUP } from '#shared/schemas/search';
import type { Database } from '../src/server/db/index.ts';
import { SESSION_STATEMENT, selectSession } from '../src/server/auth/session-store.ts';
import { buildConcertPageQuery } from '../src/server/modules/concerts/queries.ts';
import { toFilters } from '../src/server/modules/concerts/service.ts';
import {
  buildConcertReviewsQuery,
  buildReviewListQuery,
} from '../src/server/modules/reviews/queries.ts';
import {
  forgivingPeopleStatement,
  SEARCH_TIERS,
  searchTierStatement,
  userProfileStatement,
} from '../src/server/modules/users/queries.ts';
import {
  artistsMatching,
  concertsMatching,
  venuesMatching,
} from '../src/server/modules/search/queries.ts';
import { buildLeagueTableJsonQuery } from '../src/server/modules/rankings/queries.ts';
import { todayIso } from '../src/server/lib/dates.ts';
import {
  buildArtistPageQuery,
  buildVenuePageQuery,
} from '../src/server/modules/catalogue/queries.ts';
import { FILTERED_QUERY, RANKINGS_QUERY } from './bench-config.ts';

export interface BenchQuery {
  name: string;
  description: string;
  sql: string;
  params: unknown[];
  /** Index of the concert id in params, for statements run per concert. */
  idParam?: number;
  /** Indexes of the viewer's id in params, for statements run as a signed-in person. */
  viewerParams?: number[];
  /**
   * What a signed-in request reads first: the session store's statement, whose answer
   * names the viewer. Its sid is at `sidParam`; it is prepared under `name`, as the app does.
   */
  session?: { sql: string; params: unknown[]; sidParam: number; name: string };
  /** Sent unnamed, as the app sends a statement whose plan depends on its values. */
  unnamed?: boolean;
  /** Statements the app sends before this one for the same request, in order. */
  before?: { sql: string; params: unknown[]; viewerParams?: number[] }[];
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
  const table = rankingsQuerySchema.parse(RANKINGS_QUERY);
  const rankings = buildLeagueTableJsonQuery(
    db,
    table,
    table.aspect,
    DEFAULT_RANKING_RULE,
    RANKING_LIMIT,
  ).toSQL();
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
    {
      name: 'rankings',
      description: `GET /api/rankings?${new URLSearchParams(RANKINGS_QUERY).toString()} (the default rule)`,
      sql: rankings.sql,
      params: rankings.params,
    },
  ];
}

export interface ReviewQueryContext {
  /** Any user, whose id stands in for the viewer's when the statement is printed or explained. */
  viewerId: string;
  /** Where Trending's window starts. */
  since: Date;
}

/** The session store's read (DatabaseSessionStore.read), as its Drizzle select writes it. */
function sessionRead(db: Database) {
  const sid = 'bench-sid';
  const read = selectSession(db, sid).toSQL();
  return {
    sql: read.sql,
    params: read.params,
    sidParam: read.params.indexOf(sid),
    name: SESSION_STATEMENT,
  };
}

/**
 * The statements of GET /api/reviews (recent and Trending), anonymous and signed in. A
 * signed-in one has the viewer's id at `viewerParams`, which the ceiling fills from the
 * session it reads first, as the app does.
 */
export function reviewBenchQueries(db: Database, context: ReviewQueryContext): BenchQuery[] {
  const limit = TIMELINE_LIMIT;
  const lists = [
    { name: 'reviews-recent', list: { kind: 'recent' } as const, since: undefined },
    {
      name: 'reviews-trending',
      list: { kind: 'trending', since: context.since } as const,
      since: context.since,
    },
  ];
  return lists.flatMap(({ name, list, since }) => {
    const anonymous = buildReviewListQuery(db, list, { limit, since }).toSQL();
    const signedIn = buildReviewListQuery(db, list, {
      limit,
      since,
      viewerId: context.viewerId,
    }).toSQL();
    const sort = list.kind === 'recent' ? 'recent' : 'rating';
    return [
      {
        name,
        description: `GET /api/reviews?limit=${limit}&sort=${sort}, anonymous`,
        sql: anonymous.sql,
        params: anonymous.params,
      },
      {
        name: `${name}-viewer`,
        description: `GET /api/reviews?limit=${limit}&sort=${sort}, signed in (+ the session read)`,
        sql: signedIn.sql,
        params: signedIn.params,
        viewerParams: indexesOf(signedIn.params, context.viewerId),
        session: sessionRead(db),
      },
    ];
  });
}

/** Every index at which `value` stands in `params` (a statement may name the viewer twice). */
function indexesOf(params: unknown[], value: unknown): number[] {
  return params.flatMap((param, i) => (param === value ? [i] : []));
}

export interface SocialQueryContext {
  /** Stands in for the viewer, whom the ceiling reads from each request's session. */
  viewerId: string;
  /** The person whose profile is read: the one with the most followers. */
  starId: string;
  /** What Find Friends is asked. */
  searchTerm: string;
  /**
   * The LIMIT of each search tier the app sends for that term, in SEARCH_TIERS order: a
   * tier that does not fill the page is followed by the next (searchTierLimits in
   * reviews-load.ts finds them). Default: the first tier fills the page.
   */
  searchLimits?: number[];
}

/**
 * The statements of the social reads, all signed in (each after the session read): the
 * Following timeline, a profile with its numbers, and Find Friends.
 */
export function socialBenchQueries(db: Database, context: SocialQueryContext): BenchQuery[] {
  const { viewerId } = context;
  const following = buildReviewListQuery(
    db,
    { kind: 'following' },
    { limit: TIMELINE_LIMIT, viewerId },
  ).toSQL();
  const profile = userProfileStatement(db, { id: context.starId }, viewerId, todayIso()).toSQL();
  // The search tiers the app sends for the term; fan_123, which 111 usernames start with,
  // is answered by the first alone.
  const tiers = (context.searchLimits ?? [USER_LIST_DEFAULT]).map((limit, i) =>
    searchTierStatement(db, SEARCH_TIERS[i]!, context.searchTerm, viewerId, limit).toSQL(),
  );
  const search = tiers.at(-1)!;
  const signedIn = (
    name: string,
    description: string,
    query: { sql: string; params: unknown[] },
  ) => ({
    name,
    description: `${description}, signed in (+ the session read)`,
    sql: query.sql,
    params: query.params,
    viewerParams: indexesOf(query.params, viewerId),
    session: sessionRead(db),
  });
  return [
    signedIn(
      'reviews-following',
      `GET /api/reviews?limit=${TIMELINE_LIMIT}&feed=following`,
      following,
    ),
    signedIn('user-profile', 'GET /api/users/{id} of the person with the most followers', profile),
    // The app plans each search for its term (LIKE 'term%'), so the ceiling does too.
    {
      ...signedIn('user-search', `GET /api/users/search?q=${context.searchTerm}`, search),
      unnamed: true,
      before: tiers.slice(0, -1).map((tier) => ({
        sql: tier.sql,
        params: tier.params,
        viewerParams: indexesOf(tier.params, viewerId),
      })),
    },
  ];
}

export interface CatalogueQueryContext {
  /** An artist and a venue with shows, whose ids stand in until each request names its own. */
  artistId: string;
  venueId: string;
}

/**
 * The one statement of each anonymous artist and venue page (GET /api/artists/{id},
 * /api/venues/{id}), named and prepared as the app sends them.
 */
export function catalogueBenchQueries(db: Database, context: CatalogueQueryContext): BenchQuery[] {
  const today = todayIso();
  const artist = buildArtistPageQuery(db, context.artistId, today).toSQL();
  const venue = buildVenuePageQuery(db, context.venueId, today).toSQL();
  return [
    {
      name: 'artist-page',
      description: 'GET /api/artists/{id}, anonymous',
      sql: artist.sql,
      params: artist.params,
      idParam: artist.params.indexOf(context.artistId),
    },
    {
      name: 'venue-page',
      description: 'GET /api/venues/{id}, anonymous',
      sql: venue.sql,
      params: venue.params,
      idParam: venue.params.indexOf(context.venueId),
    },
  ];
}

/**
 * The four statements of the header's suggestions (GET /api/search?q=…, signed in): each
 * group's ranking over its folded key's trigram index, SEARCH_SUGGESTIONS_PER_GROUP rows.
 */
export function searchBenchQueries(
  db: Database,
  context: { text: string; viewerId: string },
): BenchQuery[] {
  const window = { limit: SEARCH_SUGGESTIONS_PER_GROUP, offset: 0 };
  const statements = [
    ['search-artists', artistsMatching(db, context.text, window).toSQL()],
    ['search-venues', venuesMatching(db, context.text, window).toSQL()],
    ['search-concerts', concertsMatching(db, context.text, todayIso(), window).toSQL()],
    ['search-people', forgivingPeopleStatement(db, context.text, context.viewerId, window).toSQL()],
  ] as const;
  return statements.map(([name, statement]) => ({
    name,
    description: `GET /api/search?q=${context.text}: ${name.slice('search-'.length)}`,
    sql: statement.sql,
    params: statement.params,
    unnamed: true,
  }));
}
