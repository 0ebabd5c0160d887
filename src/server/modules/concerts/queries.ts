/**
 * Concert reads and the import of provider concerts. Every list is one statement: the
 * page of concerts is chosen first (an index range scan in (date, artist, id) order with
 * a LIMIT), and only those rows get their setlist link and their average rating, from a
 * LATERAL aggregate over reviews that reviews_concert_created_idx serves.
 *
 * The builders are exported so bench scripts can print EXPLAIN plans:
 *   const q = buildConcertPageQuery(db, { startDate: '2026-01-01', city: 'Chicago' }, { limit: 24, offset: 0 });
 *   const { sql, params } = q.toSQL();
 */
import { and, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { GENRES } from '#shared/limits';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { Database, Tx } from '../../db/index.ts';
import { concerts, concertWishlist, reviews, setlists } from '../../db/schema.ts';
import type { ProviderConcert } from '../../integrations/provider-kit.ts';

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

/** ILIKE on the lowercased search_text column, so the trigram GIN index can answer it. */
export function searchCondition(term: string): SQL {
  const lowered = term.trim().toLowerCase();
  const matches = sql`${concerts.searchText} ILIKE ${`%${escapeLike(lowered)}%`}`;
  // Rows store genre slugs; people type names: 'hip hop' means hip-hop, 'rock' takes in Indie Rock.
  const byName = GENRES.filter(
    (g) => g.name.toLowerCase().includes(lowered) && !g.slug.includes(lowered),
  ).map((g) => g.slug);
  return byName.length > 0 ? or(matches, inArray(concerts.genre, byName))! : matches;
}

export function concertFilterConditions(filters: ConcertFilters): SQL {
  const conditions: SQL[] = [gte(concerts.date, filters.startDate)];
  if (filters.endDate) conditions.push(lte(concerts.date, filters.endDate));
  if (filters.city) conditions.push(eq(concerts.city, filters.city));
  if (filters.genre) conditions.push(eq(concerts.genre, filters.genre));
  if (filters.search?.trim()) conditions.push(searchCondition(filters.search));
  return and(...conditions)!;
}

/** The average overall rating of the concert whose id is `concertId`, rounded to 2 places. */
export function averageRatingOf(db: Db, concertId: AnyColumn) {
  return db
    .select({
      averageRating: sql<number | null>`round(avg(${reviews.overallRating}), 2)::float8`.as(
        'average_rating',
      ),
    })
    .from(reviews)
    .where(eq(reviews.concertId, concertId))
    .as('rating');
}

/** One page of concerts matching the filters, in (date, artist, id) order, in the list shape. */
export function buildConcertPageQuery(db: Db, filters: ConcertFilters, window: PageWindow) {
  const page = db
    .select({
      id: concerts.id,
      artist: concerts.artist,
      venue: concerts.venue,
      date: concerts.date,
      time: concerts.time,
      city: concerts.city,
      price: concerts.price,
      genre: concerts.genre,
      imageUrl: concerts.imageUrl,
      ticketUrl: concerts.ticketUrl,
    })
    .from(concerts)
    .where(concertFilterConditions(filters))
    .orderBy(concerts.date, concerts.artist, concerts.id)
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const rating = averageRatingOf(db, page.id);
  return db
    .select({
      id: page.id,
      artist: page.artist,
      venue: page.venue,
      date: page.date,
      time: page.time,
      city: page.city,
      price: page.price,
      genre: page.genre,
      imageUrl: page.imageUrl,
      ticketUrl: page.ticketUrl,
      setlistUrl: setlists.source,
      averageRating: rating.averageRating,
    })
    .from(page)
    .leftJoin(setlists, eq(setlists.concertId, page.id))
    .leftJoinLateral(rating, sql`true`)
    .orderBy(page.date, page.artist, page.id);
}

export async function selectConcertPage(
  db: Db,
  filters: ConcertFilters,
  window: PageWindow,
): Promise<ConcertListItem[]> {
  return buildConcertPageQuery(db, filters, window);
}

/** Which of these ids are concerts of ours already (a primary-key lookup). */
export async function selectExistingConcertIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: concerts.id }).from(concerts).where(inArray(concerts.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function concertExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: concerts.id })
    .from(concerts)
    .where(eq(concerts.id, id))
    .limit(1);
  return row !== undefined;
}

/** One concert with its rating averages, review count and whether the viewer saved it. */
export function buildConcertDetailQuery(db: Db, id: string, viewerId: string | undefined) {
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
  const isWishlisted = viewerId
    ? sql<boolean>`exists (select 1 from ${concertWishlist} where ${concertWishlist.userId} = ${viewerId} and ${concertWishlist.concertId} = ${concerts.id})`
    : sql<boolean>`false`;
  return db
    .select({
      id: concerts.id,
      artist: concerts.artist,
      venue: concerts.venue,
      date: concerts.date,
      time: concerts.time,
      city: concerts.city,
      price: concerts.price,
      genre: concerts.genre,
      imageUrl: concerts.imageUrl,
      ticketUrl: concerts.ticketUrl,
      description: concerts.description,
      setlistUrl: setlists.source,
      reviewCount: aggregate.reviewCount,
      overall: aggregate.overall,
      performance: aggregate.performance,
      sound: aggregate.sound,
      venueRating: aggregate.venue,
      value: aggregate.value,
      isWishlisted,
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
 * Stores a provider concert (and its setlist) unless it is stored already: two people
 * saving the same new concert at once both end up with the one row.
 */
export async function insertProviderConcert(
  tx: Tx,
  concert: ProviderConcert,
  setlist?: ImportedSetlist,
): Promise<void> {
  await tx
    .insert(concerts)
    .values({
      id: concert.id,
      artist: concert.artist,
      venue: concert.venue,
      city: concert.city,
      date: concert.date,
      time: concert.time,
      price: concert.price,
      genre: concert.genre,
      imageUrl: concert.imageUrl,
      ticketUrl: concert.ticketUrl,
      description: concert.description,
    })
    .onConflictDoNothing({ target: concerts.id });
  if (setlist) {
    await tx
      .insert(setlists)
      .values({ concertId: concert.id, ...setlist })
      .onConflictDoNothing({ target: setlists.concertId });
  }
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
        or(...names.map((name) => sql`${concerts.searchText} ILIKE ${`%${escapeLike(name)}%`}`)),
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
