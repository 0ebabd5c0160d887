/**
 * Concert reads and the import of provider concerts. Every list is one statement: the
 * page of concerts is chosen first (an index range scan in (date, artist, id) order with
 * a LIMIT), and only those rows get their setlist link; their average rating comes from
 * the review count and rating sum kept on the concert row.
 *
 * The builders are exported so bench scripts can print EXPLAIN plans:
 *   const q = buildConcertPageQuery(db, { startDate: '2026-01-01', city: 'Chicago' }, { limit: 24, offset: 0 });
 *   const { sql, params } = q.toSQL();
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GENRES } from '#shared/limits';
import type { AttendanceStatus } from '#shared/schemas/attendance';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { findValue, hasRow } from '#server/lib/has-row.ts';
import type { Database, Tx } from '#server/db/index.ts';
import { statementCache, type PreparedOf } from '#server/db/statements.ts';
import {
  artistFollows,
  artists,
  attendance,
  concerts,
  concertWishlist,
  reviews,
  setlists,
  venues,
} from '#server/db/schema.ts';
import type { ProviderConcert } from '#server/integrations/provider-kit.ts';

type Db = Database | Tx;

export interface ConcertFilters {
  /** yyyy-MM-dd, inclusive. */
  startDate: string;
  /** yyyy-MM-dd, inclusive. */
  endDate?: string | undefined;
  /** Our city NAME ('Los Angeles'), as concert rows store it. */
  city?: string | undefined;
  /** A genre slug ('hip-hop'), as concert rows store it. */
  genre?: string | undefined;
  /** Free text: case-insensitive, partial, over artist, venue, city and genre. */
  search?: string | undefined;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` are wildcards or the escape in LIKE; a search for them means them. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** '%term%' for a LIKE on search_text, the term escaped (the database lowercases it). */
export function searchPattern(term: string): string {
  return `%${escapeLike(term.trim())}%`;
}

/**
 * search_text is lowercased already, so LIKE on the lowercased pattern finds what ILIKE
 * would, and the trigram GIN index serves both; LIKE is the cheaper test on each row.
 */
function matchesPattern(pattern: Value<string>): SQL {
  return sql`${concerts.searchText} LIKE lower(${pattern})`;
}

/** Rows store genre slugs; people type names: 'hip hop' means hip-hop, 'rock' takes in Indie Rock. */
export function genresNamedBy(term: string): string[] {
  const lowered = term.trim().toLowerCase();
  return GENRES.filter(
    (g) => g.name.toLowerCase().includes(lowered) && !g.slug.includes(lowered),
  ).map((g) => g.slug);
}

type Value<T> = T | Placeholder;

/**
 * What a page query is made of. Each field is a value, or a placeholder when the query is
 * prepared once per shape; an absent field leaves its condition out.
 */
interface PageInputs {
  startDate: Value<string>;
  endDate?: Value<string>;
  city?: Value<string>;
  genre?: Value<string>;
  /** A LIKE pattern for search_text (see searchPattern). */
  pattern?: Value<string>;
  /** Genres the search term names; part of the shape, not a parameter. */
  genresByName: string[];
  limit: Value<number>;
  /** Absent for the first page: the statement then has no OFFSET, like Drizzle's for 0. */
  offset?: Value<number>;
}

function pageInputs(filters: ConcertFilters, window: PageWindow): PageInputs {
  const search = filters.search?.trim();
  return {
    startDate: filters.startDate,
    endDate: filters.endDate || undefined,
    city: filters.city || undefined,
    genre: filters.genre || undefined,
    pattern: search ? searchPattern(search) : undefined,
    genresByName: search ? genresNamedBy(search) : [],
    limit: window.limit,
    offset: window.offset > 0 ? window.offset : undefined,
  };
}

const PARAMETERS = ['startDate', 'endDate', 'city', 'genre', 'pattern', 'limit', 'offset'] as const;

/** The same inputs with a placeholder in every present parameter, and the values to fill them. */
function parameterize(inputs: PageInputs) {
  const template: PageInputs = { ...inputs };
  const values: Record<string, unknown> = {};
  for (const name of PARAMETERS) {
    if (inputs[name] === undefined) continue;
    values[name] = inputs[name];
    (template as unknown as Record<string, unknown>)[name] = sql.placeholder(name);
  }
  const present = PARAMETERS.filter((name) => inputs[name] !== undefined);
  const key = `${present.join(',')}|${inputs.genresByName.join(',')}`;
  return { template, values, key };
}

export function concertFilterConditions(filters: ConcertFilters): SQL {
  return pageConditions(pageInputs(filters, { limit: 1, offset: 0 }));
}

function pageConditions(inputs: PageInputs): SQL {
  const conditions: SQL[] = [gte(concerts.date, inputs.startDate)];
  if (inputs.endDate !== undefined) conditions.push(lte(concerts.date, inputs.endDate));
  if (inputs.city !== undefined) conditions.push(eq(concerts.city, inputs.city));
  if (inputs.genre !== undefined) conditions.push(eq(concerts.genre, inputs.genre));
  if (inputs.pattern !== undefined) {
    const matches = matchesPattern(inputs.pattern);
    conditions.push(
      inputs.genresByName.length > 0
        ? or(matches, inArray(concerts.genre, inputs.genresByName))!
        : matches,
    );
  }
  return and(...conditions)!;
}

/** Which concert, where and when: what a review or a search result shows of it. */
export const concertSummaryColumns = {
  id: concerts.id,
  artist: concerts.artist,
  venue: concerts.venue,
  city: concerts.city,
  date: concerts.date,
  genre: concerts.genre,
};

/**
 * A show's start as ISO in UTC ('2031-07-05T01:00:00.000Z', as Date#toISOString writes it),
 * whatever zone the database session is in; null while it is to be announced.
 */
export const concertStartsAt = sql<
  string | null
>`to_char(${concerts.startsAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
  'starts_at',
);

/** When the public sale opens, ISO in UTC as concertStartsAt writes it; null when unknown. */
export const concertOnSaleAt = sql<
  string | null
>`to_char(${concerts.onSaleAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
  'on_sale_at',
);

/** A concert's own columns in the list shape, which adds its setlist link and average rating. */
export const concertCardColumns = {
  ...concertSummaryColumns,
  artistId: concerts.artistId,
  venueId: concerts.venueId,
  time: concerts.time,
  startsAt: concertStartsAt,
  timeZone: concerts.timeZone,
  onSaleAt: concertOnSaleAt,
  price: concerts.price,
  imageUrl: concerts.imageUrl,
  ticketUrl: concerts.ticketUrl,
};

/**
 * A concert's average overall rating, rounded to 2 places: from the count and the sum kept
 * on its row (migration 0013), so a list reads none of its reviews.
 */
export const concertAverageRating = sql<
  number | null
>`round(${concerts.overallRatingTotal} / nullif(${concerts.reviewsCount}, 0), 2)::float8`;

/** The list shape of concerts, for a statement that left-joins each one's setlist. */
export const concertListItemColumns = {
  ...concertCardColumns,
  setlistUrl: setlists.source,
  averageRating: concertAverageRating,
};

/**
 * The list shape of a chosen page, in page order: the page of concerts is chosen first
 * (the subquery `page`), and only its rows get their setlist link.
 */
function pageSelect(db: Db, inputs: PageInputs) {
  const chosen = db
    .select({ ...concertCardColumns, averageRating: concertAverageRating.as('average_rating') })
    .from(concerts)
    .where(pageConditions(inputs))
    .orderBy(concerts.date, concerts.artist, concerts.id)
    .limit(inputs.limit);
  const page = (inputs.offset === undefined ? chosen : chosen.offset(inputs.offset)).as('page');
  const setlist = alias(setlists, 'setlist');
  return db
    .select({
      id: page.id,
      artist: page.artist,
      artistId: page.artistId,
      venue: page.venue,
      venueId: page.venueId,
      date: page.date,
      time: page.time,
      startsAt: page.startsAt,
      timeZone: page.timeZone,
      onSaleAt: page.onSaleAt,
      city: page.city,
      price: page.price,
      genre: page.genre,
      imageUrl: page.imageUrl,
      ticketUrl: page.ticketUrl,
      setlistUrl: setlist.source,
      averageRating: page.averageRating,
    })
    .from(page)
    .leftJoin(setlist, eq(setlist.concertId, page.id))
    .orderBy(page.date, page.artist, page.id);
}

/**
 * One page of concerts matching the filters, in (date, artist, id) order, in the list
 * shape, with the values in place: exactly the statement selectConcertPage sends.
 */
export function buildConcertPageQuery(db: Db, filters: ConcertFilters, window: PageWindow) {
  return pageSelect(db, pageInputs(filters, window));
}

// Built once per shape and, for the date-only list, named: the bench (bench/README.md,
// scenarios a and d2/d6) shows building and planning cost more than answering here.
const pageStatements = statementCache<PreparedOf<typeof pageSelect>>('concert_page');

export async function selectConcertPage(
  db: Database,
  filters: ConcertFilters,
  window: PageWindow,
): Promise<ConcertListItem[]> {
  const inputs = pageInputs(filters, window);
  const { template, values, key } = parameterize(inputs);
  // Filtered by date alone, the plan is a walk of concerts_date_artist_idx whatever the dates.
  const dateOnly = inputs.city === undefined && inputs.genre === undefined && !inputs.pattern;
  return pageStatements(db, key, dateOnly, (name) =>
    pageSelect(db, template).prepare(name),
  ).execute(values);
}

/**
 * How many concerts match the filters, counting at most `cap` + 1 of them: one aggregate over
 * the same conditions as the page, its rows cut off by a LIMIT, so a broad filter over a big
 * catalogue stops counting early (an answer above `cap` means "more than cap").
 */
export async function countConcerts(db: Db, filters: ConcertFilters, cap: number): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(concerts)
    .where(concertFilterConditions(filters))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  return row?.count ?? 0;
}

/** Which of these ids are concerts of ours already (a primary-key lookup). */
/**
 * Names of the artists people follow (or `userId` follows), the most followed first
 * (follower_count is kept on the artist).
 */
export async function selectFollowedArtists(
  db: Db,
  limit: number,
  userId?: string,
): Promise<string[]> {
  const rows = userId
    ? await db
        .select({ name: artists.name })
        .from(artistFollows)
        .innerJoin(artists, eq(artists.id, artistFollows.artistId))
        .where(eq(artistFollows.userId, userId))
        .orderBy(desc(artists.followerCount), asc(artists.name))
        .limit(limit)
    : await db
        .select({ name: artists.name })
        .from(artists)
        .where(gt(artists.followerCount, 0))
        .orderBy(desc(artists.followerCount), asc(artists.name))
        .limit(limit);
  return rows.map((r) => r.name);
}

export async function selectExistingConcertIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: concerts.id }).from(concerts).where(inArray(concerts.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function concertExists(db: Db, id: string): Promise<boolean> {
  return hasRow(db, concerts, eq(concerts.id, id));
}

/** A concert's poster URL (a primary-key lookup): null when it has none, undefined when no such concert. */
export async function selectConcertImageUrl(
  db: Db,
  id: string,
): Promise<string | null | undefined> {
  return findValue(db, concerts.imageUrl, eq(concerts.id, id));
}

/**
 * One concert with its rating averages, review count, whether the viewer saved it and the
 * viewer's own review of it and mark on it (each one lookup on its (user_id, concert_id) key).
 */
export function buildConcertDetailQuery(
  db: Db,
  id: Value<string>,
  viewerId: Value<string> | undefined,
) {
  const aggregate = db
    .select({
      reviewCount: sql<number>`count(*)::int`.as('review_count'),
      overall: sql<number | null>`round(avg(${reviews.overallRating}), 2)::float8`.as(
        'avg_overall',
      ),
      performance: sql<number | null>`round(avg(${reviews.performanceRating}), 2)::float8`.as(
        'avg_performance',
      ),
      sound: sql<number | null>`round(avg(${reviews.soundRating}), 2)::float8`.as('avg_sound'),
      venue: sql<number | null>`round(avg(${reviews.venueRating}), 2)::float8`.as('avg_venue'),
      value: sql<number | null>`round(avg(${reviews.valueRating}), 2)::float8`.as('avg_value'),
    })
    .from(reviews)
    .where(eq(reviews.concertId, concerts.id))
    .as('aggregate');
  const isWishlisted =
    viewerId === undefined
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${concertWishlist} where ${concertWishlist.userId} = ${viewerId} and ${concertWishlist.concertId} = ${concerts.id})`;
  const viewerReviewId =
    viewerId === undefined
      ? sql<string | null>`null::uuid`
      : sql<
          string | null
        >`(select ${reviews.id} from ${reviews} where ${reviews.userId} = ${viewerId} and ${reviews.concertId} = ${concerts.id})`;
  const viewerAttendance =
    viewerId === undefined
      ? sql<AttendanceStatus | null>`null::text`
      : sql<AttendanceStatus | null>`(select ${attendance.status} from ${attendance} where ${attendance.userId} = ${viewerId} and ${attendance.concertId} = ${concerts.id})`;
  return db
    .select({
      ...concertCardColumns,
      description: concerts.description,
      presales: concerts.presales,
      setlistUrl: setlists.source,
      reviewCount: aggregate.reviewCount,
      overall: aggregate.overall,
      performance: aggregate.performance,
      sound: aggregate.sound,
      venueRating: aggregate.venue,
      value: aggregate.value,
      isWishlisted,
      viewerReviewId,
      viewerAttendance,
    })
    .from(concerts)
    .leftJoin(setlists, eq(setlists.concertId, concerts.id))
    .leftJoinLateral(aggregate, sql`true`)
    .where(eq(concerts.id, id))
    .limit(1);
}

export type ConcertDetailRow = Awaited<ReturnType<typeof buildConcertDetailQuery>>[number];

export async function findConcertDetail(
  db: Db,
  id: string,
  viewerId: string | undefined,
): Promise<ConcertDetailRow | undefined> {
  const [row] = await buildConcertDetailQuery(db, id, viewerId);
  return row;
}

export interface ImportedSetlist {
  songs: string[];
  encoreSongs: string[];
  notes: string | null;
  source: string | null;
}

/**
 * The coordinates providers gave for the venues of `shows` (stored already), kept on those
 * venues that had none. One statement for a page of shows.
 */
export async function rememberVenueLocations(
  tx: Tx,
  shows: readonly ProviderConcert[],
): Promise<void> {
  const located = shows.flatMap((show) =>
    show.venueLocation ? [{ id: show.id, ...show.venueLocation }] : [],
  );
  if (located.length === 0) return;
  const places = sql.join(
    located.map((p) => sql`(${p.id}, ${p.latitude}::float8, ${p.longitude}::float8)`),
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE ${venues} v SET latitude = x.latitude, longitude = x.longitude, updated_at = now()
          FROM (VALUES ${places}) AS x(concert_id, latitude, longitude)
          JOIN ${concerts} c ON c.id = x.concert_id
         WHERE v.id = c.venue_id AND v.latitude IS NULL`,
  );
}

/**
 * Stores a provider concert (and its setlist) unless it is stored already: two people
 * saving the same new concert at once both end up with the one row. True when this call
 * added it.
 */
/** A provider's concert as its row (the links to artist and venue are the trigger's). */
export function providerConcertRow(concert: ProviderConcert) {
  const presales = concert.presales ?? [];
  const opening = firstSaleOpening(concert.onSaleAt ?? null, presales);
  return {
    id: concert.id,
    artist: concert.artist,
    venue: concert.venue,
    city: concert.city,
    date: concert.date,
    time: concert.time,
    startsAt: concert.startsAt,
    timeZone: concert.timeZone,
    onSaleAt: concert.onSaleAt ?? null,
    presales,
    salesOpenAt: opening,
    // A show already on sale when it is stored alerts nobody: it is taken as alerted.
    saleAlertedAt: opening !== null && opening <= new Date().toISOString() ? sql`now()` : null,
    price: concert.price,
    genre: concert.genre,
    imageUrl: concert.imageUrl,
    ticketUrl: concert.ticketUrl,
    description: concert.description,
  };
}

/** The first opening of a sale, public or presale (ISO instants compare as text); null for none. */
export function firstSaleOpening(
  onSaleAt: string | null,
  presales: readonly { startsAt: string | null }[],
): string | null {
  const openings = [onSaleAt, ...presales.map((p) => p.startsAt)].filter(
    (at): at is string => at !== null,
  );
  return openings.sort()[0] ?? null;
}

export async function insertProviderConcert(
  tx: Tx,
  concert: ProviderConcert,
  setlist?: ImportedSetlist,
): Promise<boolean> {
  const added = await tx
    .insert(concerts)
    .values(providerConcertRow(concert))
    .onConflictDoNothing({ target: concerts.id })
    .returning({ id: concerts.id });
  if (added.length > 0) await rememberVenueLocations(tx, [concert]);
  if (setlist) {
    await tx
      .insert(setlists)
      .values({ concertId: concert.id, ...setlist })
      .onConflictDoNothing({ target: setlists.concertId });
  }
  return added.length > 0;
}

/**
 * The genre our catalogue knows each artist by (its most frequent one), keyed by the
 * lowercased name. The trigram index finds the candidates; the exact name decides.
 */
export async function selectGenresOfArtists(
  db: Db,
  artists: string[],
): Promise<Map<string, string>> {
  const names = [...new Set(artists.map((a) => a.trim().toLowerCase()).filter(Boolean))].slice(
    0,
    5,
  );
  if (names.length === 0) return new Map();
  const lowerArtist = sql<string>`lower(${concerts.artist})`;
  const rows = await db
    .select({ artist: lowerArtist, genre: concerts.genre, count: sql<number>`count(*)::int` })
    .from(concerts)
    .where(
      and(
        or(...names.map((name) => matchesPattern(searchPattern(name)))),
        inArray(lowerArtist, names),
        sql`${concerts.genre} IS NOT NULL`,
      ),
    )
    .groupBy(lowerArtist, concerts.genre)
    .orderBy(sql`count(*) desc`, concerts.genre)
    .limit(50);
  const genres = new Map<string, string>();
  for (const row of rows) {
    if (row.genre && !genres.has(row.artist)) genres.set(row.artist, row.genre);
  }
  return genres;
}
