/**
 * Concert discovery and detail: our own catalogue, with Ticketmaster's upcoming events
 * merged in when asked for, and provider concerts (tm_ / sfm_) looked up on demand and
 * imported when someone saves one. A provider failure, or a call our budget or the
 * address's allowance leaves out, never fails a list: the list is the catalogue's alone
 * and says so (TicketmasterLeftOut).
 */
import { CITIES, type CitySlug, type GenreSlug } from '#shared/limits';
import {
  CONCERT_TOTAL_CAP,
  type ConcertDetail,
  type ConcertListItem,
  type ConcertListQuery,
} from '#shared/schemas/concerts';
import type { Database, Tx } from '#server/db/index.ts';
import { HttpError, notFound, tooManyRequests } from '#server/http-error.ts';
import {
  ProviderError,
  SKIPPED_BY_US,
  VISITOR_CALL,
  type CallTerms,
  type ProviderConcert,
} from '#server/integrations/provider-kit.ts';
import { SETLISTFM_ID_PREFIX } from '#server/integrations/setlistfm.ts';
import {
  TICKETMASTER_ID_PREFIX,
  TICKETMASTER_MAX_PAGE_SIZE,
  type TicketmasterClient,
} from '#server/integrations/ticketmaster.ts';
import { cacheTags, type ChangeRecorder, type Writer } from '#server/changes/index.ts';
import { todayIso } from '#server/lib/dates.ts';
import { logProviderFailure, type Log } from '#server/lib/log.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import type { CacheSlot } from '#server/read-cache.ts';
import {
  concertExists,
  countConcerts,
  findConcertDetail,
  insertProviderConcert,
  selectConcertPage,
  selectExistingConcertIds,
  selectFollowedArtists,
  selectGenresOfArtists,
  type ConcertDetailRow,
  type ConcertFilters,
  type ImportedSetlist,
  type PageWindow,
} from './queries.ts';

export const CONCERT_NOT_FOUND = 'Concert not found';

/**
 * Thrown instead of answering a list that was to merge Ticketmaster's events when they
 * could not be had (its failure, our budget, the address's allowance): a failed read is
 * not kept in the response cache, so the route answers the catalogue's list instead and
 * says Ticketmaster was left out, and the next request tries again.
 */
export class TicketmasterLeftOut extends Error {
  constructor() {
    super('Ticketmaster events were left out of the list');
    this.name = 'TicketmasterLeftOut';
  }
}
/** Ticketmaster events asked for per followed artist in one refresh. */
const FOLLOWED_ARTIST_EVENTS = 50;

/** What a list's filters make of a cache key: the same for every page of one list. */
function filterKeyParts(query: ConcertListQuery, today: string) {
  return [
    query.startDate ?? today,
    query.endDate ?? '',
    query.city ?? '',
    query.genre ?? '',
    query.search ?? '',
    query.includeTicketmaster === 'true',
  ];
}

/** Lists are the same for everyone: one cache entry per validated query and day (the default start). */
export function concertListCacheSlot(
  query: ConcertListQuery,
  today: string = todayIso(),
): CacheSlot {
  // An array keeps free-text search from running into the next field.
  const key = JSON.stringify([...filterKeyParts(query, today), query.limit, query.offset]);
  return { key: `concerts:${key}`, tags: [cacheTags.concertLists] };
}

/** The total for a list's filters: one cache entry whatever the page. */
export function concertTotalCacheSlot(
  query: ConcertListQuery,
  today: string = todayIso(),
): CacheSlot {
  const key = JSON.stringify(filterKeyParts(query, today));
  return { key: `concerts-total:${key}`, tags: [cacheTags.concertLists] };
}

export function toFilters(query: ConcertListQuery, today: string = todayIso()): ConcertFilters {
  return {
    startDate: query.startDate ?? today,
    endDate: query.endDate,
    city: query.city ? CITIES.find((c) => c.slug === query.city)?.name : undefined,
    genre: query.genre,
    search: query.search,
  };
}

type Sortable = Pick<ConcertListItem, 'date' | 'artist' | 'id'>;

/** The list order, (date, artist, id), by code units: what the C collation of the database does too. */
export function compareConcerts(a: Sortable, b: Sortable): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.artist !== b.artist) return a.artist < b.artist ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/**
 * Positions [offset, offset + limit) of the merge of all local rows with `provider`
 * (sorted), given the local rows from index `localStart` on, up to offset + limit.
 *
 * Provider events sorting before local[localStart] all sit before `offset` when
 * localStart = offset - provider.length (there are at most that many of them ahead of
 * it), so the merge can start there: local[localStart] is at localStart + (how many
 * provider events sort before it). With localStart = 0 this is a plain merge.
 */
export function mergeWindow<T extends Sortable>(
  local: T[],
  localStart: number,
  provider: T[],
  window: PageWindow,
): T[] {
  let p = 0;
  if (localStart > 0 && local[0]) {
    while (p < provider.length && compareConcerts(provider[p]!, local[0]) < 0) p += 1;
  }
  let position = localStart + p;
  let l = 0;
  const page: T[] = [];
  while (page.length < window.limit && (l < local.length || p < provider.length)) {
    const takeLocal =
      p >= provider.length || (l < local.length && compareConcerts(local[l]!, provider[p]!) <= 0);
    const item = takeLocal ? local[l++]! : provider[p++]!;
    if (position >= window.offset) page.push(item);
    position += 1;
  }
  return page;
}

function listItem(concert: ProviderConcert, setlistUrl: string | null = null): ConcertListItem {
  return {
    id: concert.id,
    artist: concert.artist,
    artistId: null,
    venue: concert.venue,
    venueId: null,
    date: concert.date,
    time: concert.time,
    startsAt: concert.startsAt,
    timeZone: concert.timeZone,
    onSaleAt: concert.onSaleAt ?? null,
    city: concert.city,
    price: concert.price,
    genre: concert.genre,
    imageUrl: concert.imageUrl,
    ticketUrl: concert.ticketUrl,
    setlistUrl,
    averageRating: null,
  };
}

/** Whether the call was one we chose not to make (budget, address): not worth a log line each time. */
function skippedByUs(error: unknown): boolean {
  return error instanceof ProviderError && SKIPPED_BY_US.includes(error.failure);
}

/**
 * Ticketmaster's upcoming events for the filters, minus the ones we hold already, in
 * list order; TicketmasterLeftOut when they cannot be had (a provider failure is logged).
 * Always the first 200 events (the API's largest page, one cached call per set of
 * filters): every page of a list is then cut from the same merged sequence, so walking
 * pages shows each concert once.
 */
async function ticketmasterEvents(
  ctx: ServiceContext,
  ticketmaster: TicketmasterClient,
  filters: ConcertFilters,
  query: ConcertListQuery,
  terms: CallTerms,
): Promise<ConcertListItem[]> {
  let events: ProviderConcert[];
  try {
    events = await ticketmaster.searchEvents(
      {
        city: query.city as CitySlug | undefined,
        genre: query.genre as GenreSlug | undefined,
        keyword: filters.search,
        startDate: filters.startDate,
        endDate: filters.endDate,
        size: TICKETMASTER_MAX_PAGE_SIZE,
      },
      terms,
    );
  } catch (error) {
    if (!skippedByUs(error)) logProviderFailure(ctx.log, error, 'answering local concerts only');
    throw new TicketmasterLeftOut();
  }
  const known = await selectExistingConcertIds(
    ctx.db,
    events.map((e) => e.id),
  );
  return events
    .filter((e) => !known.has(e.id))
    .map((e) => listItem(e))
    .sort(compareConcerts);
}

/**
 * GET /api/concerts. With includeTicketmaster=true and Ticketmaster on, the page is cut
 * from local concerts merged with Ticketmaster's first 200 matching events (the provider
 * depth limit: events past the 200th are never listed; the API caps size at 200 and
 * size * page below 1,000), or TicketmasterLeftOut when those cannot be had. Otherwise it
 * is a plain LIMIT/OFFSET over our catalogue. `terms` say whose call a search would be.
 */
export async function listConcerts(
  ctx: ServiceContext,
  query: ConcertListQuery,
  terms: CallTerms = VISITOR_CALL,
): Promise<ConcertListItem[]> {
  const filters = toFilters(query);
  const window = { limit: query.limit, offset: query.offset };
  const ticketmaster = query.includeTicketmaster === 'true' ? ctx.providers.ticketmaster : null;
  if (!ticketmaster) return selectConcertPage(ctx.db, filters, window);

  const end = window.offset + window.limit;
  // Local rows from (offset - the most provider events there can be), fetched meanwhile.
  const fetchedFrom = Math.max(0, window.offset - TICKETMASTER_MAX_PAGE_SIZE);
  const [provider, fetched] = await Promise.all([
    ticketmasterEvents(ctx, ticketmaster, filters, query, terms),
    selectConcertPage(ctx.db, filters, { offset: fetchedFrom, limit: end - fetchedFrom }),
  ]);
  if (provider.length === 0) return fetched.slice(window.offset - fetchedFrom);

  const localStart = Math.max(0, window.offset - provider.length);
  let local = fetched.slice(localStart - fetchedFrom);
  if (local.length === 0 && localStart > 0) {
    // Past the end of our catalogue: where the provider events fall depends on all of it.
    local = await selectConcertPage(ctx.db, filters, { offset: 0, limit: end });
    return mergeWindow(local, 0, provider, window);
  }
  return mergeWindow(local, localStart, provider, window);
}

/**
 * How many concerts the list's filters find over all its pages: the catalogue's (one
 * bounded count, see countConcerts) plus, when merged, Ticketmaster's events we do not hold
 * (the same cached call the pages are cut from), so it is what walking every page shows.
 * Above CONCERT_TOTAL_CAP it only says "more". TicketmasterLeftOut as listConcerts.
 */
export async function countConcertList(
  ctx: ServiceContext,
  query: ConcertListQuery,
  terms: CallTerms = VISITOR_CALL,
): Promise<number> {
  const filters = toFilters(query);
  const ticketmaster = query.includeTicketmaster === 'true' ? ctx.providers.ticketmaster : null;
  const [local, provider] = await Promise.all([
    countConcerts(ctx.db, filters, CONCERT_TOTAL_CAP),
    ticketmaster ? ticketmasterEvents(ctx, ticketmaster, filters, query, terms) : [],
  ]);
  return local + provider.length;
}

function toDetail(row: ConcertDetailRow): ConcertDetail {
  const { reviewCount, overall, performance, sound, venueRating, value, ...concert } = row;
  return {
    ...concert,
    averageRating: overall,
    reviewCount,
    averageRatings:
      reviewCount > 0 && overall !== null
        ? {
            overall,
            performance: performance ?? 0,
            sound: sound ?? 0,
            venue: venueRating ?? 0,
            value: value ?? 0,
          }
        : null,
    isWishlisted: Boolean(concert.isWishlisted),
    viewerReviewId: concert.viewerReviewId ?? null,
    viewerAttendance: concert.viewerAttendance ?? null,
  };
}

export interface ProviderLookup {
  concert: ProviderConcert;
  setlist?: ImportedSetlist;
}

/** How long an address over its hourly provider calls is told to wait, at most. */
const ADDRESS_LIMIT_WINDOW_MS = 60 * 60 * 1000;

/**
 * A tm_ / sfm_ concert from its provider: null when the id is not a provider's, the
 * provider is off, or it does not know the id; 503 when the provider fails or our budget
 * of its calls is spent for now, 429 when the address made its calls for the hour.
 */
export async function lookUpProviderConcert(
  ctx: ServiceContext,
  id: string,
  terms: CallTerms = VISITOR_CALL,
): Promise<ProviderLookup | null> {
  const { ticketmaster, setlistfm } = ctx.providers;
  try {
    if (id.startsWith(TICKETMASTER_ID_PREFIX) && ticketmaster) {
      const concert = await ticketmaster.getEvent(id, terms);
      return concert ? { concert } : null;
    }
    if (id.startsWith(SETLISTFM_ID_PREFIX) && setlistfm) {
      const found = await setlistfm.getSetlist(id);
      if (!found) return null;
      const { concert, ...setlist } = found;
      // setlist.fm has no genres: take the one our catalogue knows the artist by, if any.
      const genres = await selectGenresOfArtists(ctx.db, [concert.artist]);
      const genre = genres.get(concert.artist.toLowerCase()) ?? null;
      return { concert: { ...concert, genre }, setlist };
    }
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'over-address-limit') {
      throw tooManyRequests('concert lookups from this address', ADDRESS_LIMIT_WINDOW_MS);
    }
    if (error instanceof ProviderError && error.failure === 'over-budget') {
      throw new HttpError(503, 'Ticketmaster lookups are paused for a while; try again later');
    }
    logProviderFailure(ctx.log, error, 'answering 503');
    const name = error instanceof ProviderError ? error.provider : 'provider';
    throw new HttpError(
      503,
      `${name === 'setlistfm' ? 'setlist.fm' : 'Ticketmaster'} is not answering right now; try again shortly`,
    );
  }
  return null;
}

/** GET /api/concerts/{id}: ours, else a tm_ / sfm_ concert straight from its provider. */
export async function getConcertDetail(
  ctx: ServiceContext,
  id: string,
  terms: CallTerms = VISITOR_CALL,
): Promise<ConcertDetail> {
  const row = await findConcertDetail(ctx.db, id, ctx.viewerId);
  if (row) return toDetail(row);
  const found = await lookUpProviderConcert(ctx, id, terms);
  if (!found) throw notFound(CONCERT_NOT_FOUND);
  return {
    ...listItem(found.concert, found.setlist?.source ?? null),
    description: found.concert.description,
    presales: found.concert.presales ?? [],
    reviewCount: 0,
    averageRatings: null,
    // Saving a provider concert imports it, so one that is not ours is in nobody's wishlist.
    isWishlisted: false,
    // Reviewing a provider concert imports it, so one that is not ours has no review yet.
    viewerReviewId: null,
    // Marking one imports it too.
    viewerAttendance: null,
  };
}

/** GET /api/ticketmaster/events/{id}: the same, for Ticketmaster ids only. */
export async function getTicketmasterEvent(
  ctx: ServiceContext,
  id: string,
  terms: CallTerms = VISITOR_CALL,
): Promise<ConcertDetail> {
  const tmId = id.startsWith(TICKETMASTER_ID_PREFIX) ? id : `${TICKETMASTER_ID_PREFIX}${id}`;
  return getConcertDetail(ctx, tmId, terms);
}

/** A concert ready to be referenced in a transaction: ours, or fetched and waiting to be stored. */
export type ResolvedConcert = { id: string; pending?: ProviderLookup };

/**
 * Finds the concert behind an id someone wants to save, fetching a provider concert
 * (outside any transaction: no connection waits on the network). 404 when unknown.
 */
export async function resolveConcert(ctx: ServiceContext, id: string): Promise<ResolvedConcert> {
  if (await concertExists(ctx.db, id)) return { id };
  const pending = await lookUpProviderConcert(ctx, id);
  if (!pending) throw notFound(CONCERT_NOT_FOUND);
  return { id, pending };
}

/** Stores a fetched provider concert inside the caller's transaction, recording the new concert. */
export async function storeResolvedConcert(
  tx: Tx,
  changes: ChangeRecorder,
  resolved: ResolvedConcert,
): Promise<void> {
  if (resolved.pending) {
    const added = await insertProviderConcert(
      tx,
      resolved.pending.concert,
      resolved.pending.setlist,
    );
    changes.record({ kind: added ? 'concert-announced' : 'concert', concertId: resolved.id });
  }
}

/**
 * Followed artists' upcoming shows at Ticketmaster that the catalogue lacks, imported
 * (the 'refresh-followed-shows' job: scheduled for everyone's most followed artists, and
 * for one person's when they change their alerts). Each new row records 'concert-announced'
 * in the transaction that adds it, so its alerts cannot be lost or sent for a rollback.
 * Events billed under another name (a festival listing the artist) are left out: the
 * artist's page and alerts are for their own shows. The scheduled refresh spends the
 * share of Ticketmaster calls kept for it; one person's spends the visitors'. Returns how
 * many were imported.
 */
export async function importFollowedArtistsShows(
  deps: { db: Database; writer: Writer; ticketmaster: TicketmasterClient | null; log: Log },
  options: { artists: number; userId?: string | undefined; today?: string },
): Promise<number> {
  const { ticketmaster } = deps;
  if (!ticketmaster) return 0;
  const today = options.today ?? todayIso();
  const terms: CallTerms = { share: options.userId ? 'visitors' : 'refresh' };
  const artists = await selectFollowedArtists(deps.db, options.artists, options.userId);
  let imported = 0;
  for (const artist of artists) {
    let events: ProviderConcert[];
    try {
      events = await ticketmaster.searchEvents(
        { keyword: artist, startDate: today, size: FOLLOWED_ARTIST_EVENTS },
        terms,
      );
    } catch (error) {
      // The next run tries again; one artist's failure says the provider is unwell.
      logProviderFailure(deps.log, error, 'stopping this refresh of followed artists');
      break;
    }
    const theirs = events.filter(
      (e) => e.artist.toLowerCase() === artist.toLowerCase() && e.date >= today,
    );
    const known = await selectExistingConcertIds(
      deps.db,
      theirs.map((e) => e.id),
    );
    for (const event of theirs.filter((e) => !known.has(e.id))) {
      const added = await deps.writer.write(async (tx, changes) => {
        if (!(await insertProviderConcert(tx, event))) return false;
        changes.record({ kind: 'concert-announced', concertId: event.id });
        return true;
      });
      if (added) imported += 1;
    }
  }
  return imported;
}
