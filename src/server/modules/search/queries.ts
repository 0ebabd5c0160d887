/**
 * The catalogue as the one search reads it: each group one statement over its folded key's
 * GIN trigram index (migration 0051, lib/forgiving-match.ts), ranked by how well the text
 * matches, then by how much the row matters, under a LIMIT.
 */
import { desc, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { artists, concerts, venues } from '#server/db/schema.ts';
import { forgivingMatch } from '#server/lib/forgiving-match.ts';

export interface SearchWindow {
  limit: number;
  offset: number;
}

/** Artists, the most followed first among equal matches. */
export function artistsMatching(db: Database, text: string, window: SearchWindow) {
  const match = forgivingMatch(sql`${artists.searchKey}`, text);
  return db
    .select({
      id: artists.id,
      name: artists.name,
      imageUrl: artists.imageUrl,
      followerCount: artists.followerCount,
      concertCount: artists.concertCount,
    })
    .from(artists)
    .where(match.where)
    .orderBy(...match.order, desc(artists.followerCount), desc(artists.concertCount), artists.id)
    .limit(window.limit)
    .offset(window.offset);
}

/** Venues (by name and city), the most reviewed first among equal matches. */
export function venuesMatching(db: Database, text: string, window: SearchWindow) {
  const match = forgivingMatch(sql`${venues.searchKey}`, text);
  return db
    .select({
      id: venues.id,
      name: venues.name,
      city: venues.city,
      state: venues.state,
      country: venues.country,
    })
    .from(venues)
    .where(match.where)
    .orderBy(...match.order, desc(venues.reviewCount), venues.id)
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * Concerts (by artist, venue and city): among equal matches, shows to come first, soonest
 * first, then those past, the latest first.
 */
export function concertsMatching(db: Database, text: string, today: string, window: SearchWindow) {
  const match = forgivingMatch(sql`${concerts.searchKey}`, text);
  return db
    .select({
      id: concerts.id,
      artist: concerts.artist,
      venue: concerts.venue,
      city: concerts.city,
      date: concerts.date,
    })
    .from(concerts)
    .where(match.where)
    .orderBy(
      ...match.order,
      sql`(${concerts.date} >= ${today}) DESC`,
      sql`abs(${concerts.date} - ${today}::date)`,
      concerts.id,
    )
    .limit(window.limit)
    .offset(window.offset);
}
