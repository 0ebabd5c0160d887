/**
 * Artists to follow (the onboarding wizard's Follow step): the artists of the latest and
 * coming shows in the chosen city and genres, the most followed first, then the most
 * followed artists of all when those are too few (a city Encore has no shows in, say).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CITIES } from '#shared/limits';
import type { ArtistSuggestion, ArtistSuggestionsQuery } from '#shared/schemas/catalogue';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { artistFollows, artists, concerts } from '#server/db/schema.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';

type Db = Database | Tx;

/**
 * Bounds that keep the statement to a few hundred index entries: the shows of the city and
 * genres it reads (from a year back, the latest first), and the most followed artists of all
 * it falls back on.
 */
const SHOWS_READ = 500;
const SHOWS_SINCE_DAYS = 365;
const MOST_FOLLOWED_READ = 50;

interface SuggestionRow {
  id: string;
  name: string;
  genres: string[];
  image_url: string | null;
  follower_count: number;
  is_following: boolean;
}

export interface ArtistSuggestionFilter {
  /** The city's name as concerts keep it; undefined for any city. */
  city?: string;
  genres: readonly string[];
  /** The first day of the shows read (a year before today). */
  since: string;
}

/**
 * One statement. Access paths: the shows by concerts_city_genre_date_idx (city and genres),
 * concerts_city_date_idx (a city), concerts_genre_date_idx (genres) or
 * concerts_date_artist_idx (neither); the most followed by artists_followed_idx; artists by
 * primary key; whether the viewer follows each by artist_follows_pair_unique.
 */
export function artistSuggestionsStatement(
  viewerId: string,
  filter: ArtistSuggestionFilter,
  limit: number,
) {
  const conditions: SQL[] = [sql`c.date >= ${filter.since}::date`];
  if (filter.city !== undefined) conditions.push(sql`c.city = ${filter.city}`);
  if (filter.genres.length > 0) {
    conditions.push(
      sql`c.genre IN (${sql.join(
        filter.genres.map((genre) => sql`${genre}`),
        sql`, `,
      )})`,
    );
  }
  return sql`
    WITH shows AS (
      SELECT c.artist_id FROM ${concerts} c
       WHERE ${sql.join(conditions, sql` AND `)}
       ORDER BY c.date DESC
       LIMIT ${SHOWS_READ}
    ),
    most_followed AS (
      SELECT a.id FROM ${artists} a
       WHERE a.follower_count > 0
       ORDER BY a.follower_count DESC, a.name
       LIMIT ${MOST_FOLLOWED_READ}
    ),
    candidates AS (
      SELECT DISTINCT ON (artist_id) artist_id, tier
        FROM (SELECT artist_id, 0 AS tier FROM shows
              UNION ALL
              SELECT id, 1 AS tier FROM most_followed) t
       ORDER BY artist_id, tier
    )
    SELECT a.id, a.name, a.genres, a.image_url, a.follower_count,
           EXISTS (SELECT 1 FROM ${artistFollows} f
                    WHERE f.user_id = ${viewerId} AND f.artist_id = a.id) AS is_following
      FROM candidates k JOIN ${artists} a ON a.id = k.artist_id
     ORDER BY k.tier, a.follower_count DESC, a.concert_count DESC, a.name
     LIMIT ${limit}`;
}

export async function selectArtistSuggestions(
  db: Db,
  viewerId: string,
  filter: ArtistSuggestionFilter,
  limit: number,
): Promise<ArtistSuggestion[]> {
  const rows = await executeRows<SuggestionRow>(
    db,
    artistSuggestionsStatement(viewerId, filter, limit),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    genres: row.genres,
    imageUrl: row.image_url,
    followerCount: Number(row.follower_count),
    isFollowing: row.is_following,
  }));
}

/** GET /api/artists/suggestions. */
export async function getArtistSuggestions(
  ctx: SignedInContext,
  query: ArtistSuggestionsQuery,
): Promise<ArtistSuggestion[]> {
  const since = new Date(`${todayIso()}T00:00:00Z`);
  since.setUTCDate(since.getUTCDate() - SHOWS_SINCE_DAYS);
  const city = CITIES.find((c) => c.slug === query.city)?.name;
  return selectArtistSuggestions(
    ctx.db,
    ctx.viewerId,
    { city, genres: query.genres, since: since.toISOString().slice(0, 10) },
    query.limit,
  );
}
