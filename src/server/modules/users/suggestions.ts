/**
 * Find Friends before anything is typed: people the viewer may want to follow, best first.
 * First those who reviewed shows of the artists the viewer reviewed (a shared concert counts
 * twice over a shared artist), then the people in the viewer's city with the most reviews.
 */
import { sql } from 'drizzle-orm';
import type { UserSummary } from '#shared/schemas/users';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { concerts, reviews, users } from '#server/db/schema.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { notBlockedBetween } from './blocks.ts';
import { shownPerson } from './queries/summaries.ts';
import { viewerFollows, viewerRequested } from './visibility.ts';

type Db = Database | Tx;

/**
 * How many of the viewer's own reviews, newest first, the overlap starts from: a prolific
 * reviewer's suggestions come from their recent taste, and the statement stays bounded.
 */
const OWN_REVIEWS_READ = 100;

interface SuggestionRow {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  bio: string | null;
}

/**
 * One statement. Access paths: the viewer's reviews by reviews_user_created_idx; concerts by
 * primary key, then by artist through concerts_artist_date_idx; their reviews through
 * reviews_concert_created_idx; people of the viewer's city through users_location_idx, each
 * one's review count through reviews_user_created_idx; follows, requests and blocks by
 * their pair keys.
 */
export function suggestionsStatement(viewerId: string, limit: number) {
  return sql`
    WITH mine AS (
      SELECT r.concert_id, c.artist_id
        FROM ${reviews} r JOIN ${concerts} c ON c.id = r.concert_id
       WHERE r.user_id = ${viewerId}
       ORDER BY r.created_at DESC, r.id DESC
       LIMIT ${OWN_REVIEWS_READ}
    ),
    overlap AS (
      SELECT r.user_id,
             count(*) + count(*) FILTER (WHERE r.concert_id IN (SELECT concert_id FROM mine)) AS score
        FROM (SELECT DISTINCT artist_id FROM mine) a
        JOIN ${concerts} c ON c.artist_id = a.artist_id
        JOIN ${reviews} r ON r.concert_id = c.id
       WHERE r.user_id <> ${viewerId}
       GROUP BY r.user_id
    ),
    neighbours AS (
      SELECT u.id AS user_id,
             (SELECT count(*) FROM ${reviews} r WHERE r.user_id = u.id) AS score
        FROM ${users} me
        JOIN ${users} u ON lower(u.location) = lower(me.location)
       WHERE me.id = ${viewerId} AND me.location IS NOT NULL AND u.id <> ${viewerId}
    ),
    candidates AS (
      SELECT user_id, 0 AS tier, score FROM overlap
      UNION ALL
      SELECT user_id, 1 AS tier, score FROM neighbours WHERE score > 0
    ),
    best AS (
      SELECT DISTINCT ON (user_id) user_id, tier, score
        FROM candidates
       ORDER BY user_id, tier, score DESC
    )
    SELECT p.id, p.username, p.first_name, p.last_name, p.profile_image_url, p.bio
      FROM best b JOIN ${users} p ON p.id = b.user_id
     WHERE NOT ${viewerFollows(viewerId, sql`p.id`)}
       AND NOT ${viewerRequested(viewerId, sql`p.id`)}
       AND ${notBlockedBetween(viewerId, sql`p.id`)}
     ORDER BY b.tier, b.score DESC, p.id
     LIMIT ${limit}`;
}

export async function selectSuggestions(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<UserSummary[]> {
  const rows = await executeRows<SuggestionRow>(db, suggestionsStatement(viewerId, limit));
  return rows.map((row) =>
    shownPerson({
      id: row.id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
      bio: row.bio,
      // Followed people (and those asked) are left out, so none is followed yet.
      isFollowing: false,
    }),
  );
}

/** GET /api/users/suggestions. */
export async function getSuggestions(
  ctx: SignedInContext,
  query: { limit: number },
): Promise<UserSummary[]> {
  return selectSuggestions(ctx.db, ctx.viewerId, query.limit);
}
