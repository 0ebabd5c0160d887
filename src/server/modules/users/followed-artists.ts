/** A profile's "Artists": the artists a person follows, newest follow first. */
import { desc, eq } from 'drizzle-orm';
import type { FollowedArtist } from '#shared/schemas/users';
import { artistFollows, artists } from '#server/db/schema.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { refuseReadAcrossBlock } from './blocking.ts';
import { requireContentAccess } from './visibility.ts';

/**
 * GET /api/users/{id}/artists. Shown as their follow lists are: 403 for a private person's
 * to someone who does not follow them, 404 across a block. The person's follows are read
 * through artist_follows_user_idx, each artist by its primary key.
 */
export async function listFollowedArtists(
  ctx: SignedInContext,
  userId: string,
  query: { limit: number },
): Promise<FollowedArtist[]> {
  await refuseReadAcrossBlock(ctx.db, ctx.viewerId, userId);
  await requireContentAccess(ctx.db, userId, ctx.viewerId);
  return ctx.db
    .select({ id: artists.id, name: artists.name, genres: artists.genres })
    .from(artistFollows)
    .innerJoin(artists, eq(artists.id, artistFollows.artistId))
    .where(eq(artistFollows.userId, userId))
    .orderBy(desc(artistFollows.createdAt), desc(artistFollows.id))
    .limit(query.limit);
}
