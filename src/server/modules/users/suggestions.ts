/**
 * Find Friends before anything is typed: people the viewer may want to follow, best first.
 * First those who reviewed shows of the artists the viewer reviewed (a shared concert counts
 * twice over a shared artist), then the people of the viewer's city (the profile's location,
 * in any case) who wrote the most of the latest reviews, then those of the latest reviewers
 * who like one of the viewer's favourite genres (the onboarding wizard asks for them).
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
 * Bounds that keep the statement to a few thousand index entries however prolific people
 * are: the viewer's latest reviews the overlap starts from, each artist's latest shows, each
 * show's latest reviews, and the latest reviews of everyone the city ranking reads (so it
 * ranks who reviewed most lately, which a count over all time could not do within a bound).
 */
const OWN_REVIEWS_READ = 50;
const SHOWS_PER_ARTIST = 10;
const REVIEWS_PER_SHOW = 20;
const RECENT_REVIEWS_READ = 2000;

interface SuggestionRow {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  bio: string | null;
}

/**
 * One statement. Access paths: the viewer's reviews by reviews_user_created_idx, their
 * concerts by primary key; each artist's latest shows by concerts_artist_date_idx; each
 * show's latest reviews by reviews_concert_created_idx; the latest reviews of all by
 * reviews_created_idx, their authors' location and genres by primary key; follows,
 * requests and blocks by their pair keys.
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
    shows AS (
      SELECT concert_id FROM mine
      UNION
      SELECT latest.id
        FROM (SELECT DISTINCT artist_id FROM mine) a
        CROSS JOIN LATERAL (
          SELECT c.id FROM ${concerts} c
           WHERE c.artist_id = a.artist_id
           ORDER BY c.date DESC, c.id DESC
           LIMIT ${SHOWS_PER_ARTIST}
        ) latest
    ),
    overlap AS (
      SELECT r.user_id,
             count(*) + count(*) FILTER (WHERE r.concert_id IN (SELECT concert_id FROM mine)) AS score
        FROM shows s
        CROSS JOIN LATERAL (
          SELECT r.user_id, r.concert_id FROM ${reviews} r
           WHERE r.concert_id = s.concert_id
           ORDER BY r.created_at DESC, r.id DESC
           LIMIT ${REVIEWS_PER_SHOW}
        ) r
       WHERE r.user_id <> ${viewerId}
       GROUP BY r.user_id
    ),
    recent AS (
      SELECT r.user_id FROM ${reviews} r
       ORDER BY r.created_at DESC, r.id DESC
       LIMIT ${RECENT_REVIEWS_READ}
    ),
    -- Each author's location looked up by primary key (a correlated subquery), so the
    -- planner never reads the city's people whole to join them.
    neighbours AS (
      SELECT recent.user_id, count(*) AS score
        FROM recent
       WHERE recent.user_id <> ${viewerId}
         AND (SELECT lower(u.location) FROM ${users} u WHERE u.id = recent.user_id)
             = (SELECT lower(me.location) FROM ${users} me WHERE me.id = ${viewerId})
       GROUP BY recent.user_id
    ),
    -- Then those who like a genre the viewer likes, looked up the same way.
    likeminded AS (
      SELECT recent.user_id, count(*) AS score
        FROM recent
       WHERE recent.user_id <> ${viewerId}
         AND (SELECT u.favorite_genres FROM ${users} u WHERE u.id = recent.user_id)
             && (SELECT me.favorite_genres FROM ${users} me WHERE me.id = ${viewerId})
       GROUP BY recent.user_id
    ),
    candidates AS (
      SELECT user_id, 0 AS tier, score FROM overlap
      UNION ALL
      SELECT user_id, 1 AS tier, score FROM neighbours
      UNION ALL
      SELECT user_id, 2 AS tier, score FROM likeminded
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
