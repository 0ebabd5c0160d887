/**
 * Artist and venue pages, and artist follows. The pages are the same for every visitor,
 * so their anonymous answers are cached and shared; a signed-in reader's artist page says
 * whether they follow the artist, counts the songs loved live as their setlists do, and is
 * theirs alone.
 *
 * A follow is one row per person and artist, so following twice is following once and
 * unfollowing an artist not followed is fine; the artist's follower count is kept by a
 * trigger in the same transaction and read back in it.
 */
import type {
  ArtistFollowState,
  ArtistPage,
  AspectAverages,
  CatalogueShow,
  TrendMonth,
  VenuePage,
} from '#shared/schemas/catalogue';
import { cacheTags } from '#server/changes/index.ts';
import type { WriteLimits } from '#server/config.ts';
import type { Database } from '#server/db/index.ts';
import { notFound, sqlState } from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import type { CacheSlot } from '#server/read-cache.ts';
import { countFollow } from '../users/index.ts';
import {
  deleteArtistFollow,
  findArtistPage,
  findVenuePage,
  insertArtistFollow,
  selectArtistFollowerCount,
  selectViewerArtistPart,
} from './queries.ts';

export const ARTIST_NOT_FOUND = 'Artist not found';
export const VENUE_NOT_FOUND = 'Venue not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our artists and venues have uuids: anything else names none of them (and is never sent to the database). */
const isRowId = (id: string) => UUID.test(id);

/**
 * An artist's page is shared, one entry per id and day (the line between upcoming and
 * past); any concert or rating change drops it, as it does every concert list, a rebuild
 * of the league tables (where its averages come from) drops it, and a follow drops it for
 * its count. A signed-in reader gets the shared page with whether they follow the artist
 * and their own count of the songs loved live set on their own copy (`withViewerFollow`).
 */
export function artistPageCacheSlot(id: string, today: string = todayIso()): CacheSlot {
  return {
    key: `artist:${id.toLowerCase()}:${today}`,
    tags: [cacheTags.concertLists, cacheTags.leagueTables, cacheTags.artist(id.toLowerCase())],
  };
}

export function venuePageCacheSlot(id: string, today: string = todayIso()): CacheSlot {
  return {
    key: `venue:${id.toLowerCase()}:${today}`,
    tags: [cacheTags.concertLists, cacheTags.leagueTables],
  };
}

// The statement builds these in the API's shape; the casts name what it built.
const averages = (value: unknown) =>
  value as { allTime: AspectAverages; lastTwelveMonths: AspectAverages };
const trend = (value: unknown) => value as TrendMonth[];
const shows = (value: unknown) => value as CatalogueShow[];

/** The row of today's page of the artist or venue `id`; 404 with `notFoundMessage` when there is none. */
async function pageRow<Row>(
  ctx: ServiceContext,
  id: string,
  find: (db: Database, id: string, today: string) => Promise<Row | undefined>,
  notFoundMessage: string,
): Promise<Row> {
  if (!isRowId(id)) throw notFound(notFoundMessage);
  const row = await find(ctx.db, id, todayIso());
  if (!row) throw notFound(notFoundMessage);
  return row;
}

/** GET /api/artists/{id}, as visitors see it (shared by every reader). */
export async function getArtistPage(ctx: ServiceContext, id: string): Promise<ArtistPage> {
  const row = await pageRow(ctx, id, findArtistPage, ARTIST_NOT_FOUND);
  return {
    ...row,
    isFollowing: false,
    averages: averages(row.averages),
    trend: trend(row.trend),
    upcomingShows: shows(row.upcomingShows),
    pastShows: shows(row.pastShows),
    mostReviewedShows: shows(row.mostReviewedShows),
    lovedSongs: row.lovedSongs as ArtistPage['lovedSongs'],
  };
}

/**
 * The shared artist page as a signed-in reader sees it: whether they follow the artist, and
 * the songs loved live counted as their setlists count them (a private account they follow
 * counts, someone across a block does not).
 */
export async function withViewerFollow(
  ctx: SignedInContext,
  page: ArtistPage,
): Promise<ArtistPage> {
  const own = await selectViewerArtistPart(ctx.db, ctx.viewerId, page.id);
  return {
    ...page,
    isFollowing: own.isFollowing,
    lovedSongs: own.lovedSongs as ArtistPage['lovedSongs'],
  };
}

/** GET /api/venues/{id}. */
export async function getVenuePage(ctx: ServiceContext, id: string): Promise<VenuePage> {
  const row = await pageRow(ctx, id, findVenuePage, VENUE_NOT_FOUND);
  return {
    ...row,
    averages: averages(row.averages),
    trend: trend(row.trend),
    upcomingShows: shows(row.upcomingShows),
    pastShows: shows(row.pastShows),
    bestRatedShows: shows(row.bestRatedShows),
  };
}

/**
 * POST (follow) and DELETE (unfollow) /api/artists/{id}/follow: the state after it, with
 * the count as this transaction sees it once its own row is in (or out).
 */
export async function setArtistFollow(
  ctx: SignedInContext,
  artistId: string,
  follow: boolean,
  limits: WriteLimits,
): Promise<ArtistFollowState> {
  const userId = ctx.viewerId;
  if (!isRowId(artistId)) throw notFound(ARTIST_NOT_FOUND);
  // One allowance with follows of people: each one drops the page in every process.
  await countFollow(ctx, limits);
  // As the page's cache tag names it, whatever case the address used.
  artistId = artistId.toLowerCase();
  try {
    return await ctx.write(async (tx, changes) => {
      const changed = follow
        ? await insertArtistFollow(tx, userId, artistId)
        : await deleteArtistFollow(tx, userId, artistId);
      const followerCount = await selectArtistFollowerCount(tx, artistId);
      if (followerCount === undefined) throw notFound(ARTIST_NOT_FOUND);
      if (changed) changes.record({ kind: 'artist-follows', artistId });
      return { isFollowing: follow, followerCount };
    });
  } catch (error) {
    // No such artist (or it went while the follow was written).
    if (sqlState(error) === '23503') throw notFound(ARTIST_NOT_FOUND);
    throw error;
  }
}
