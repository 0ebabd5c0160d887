/**
 * Mutes: someone's reviews kept out of the muter's Following timeline without unfollowing
 * them. The muted person is not told: no notice, and nothing they can read shows it. The
 * timeline skips muted authors when it is read (reviews/queries.ts), so a mute and an
 * unmute show at once and the timeline's entries stay as they are.
 */
import type { MuteListQuery, MutedPerson, MuteState } from '#shared/schemas/moderation';
import { badRequest, notFound, sqlState } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { deleteMute, insertMute, muteExists, selectMutePage, userExists } from './queries.ts';

export const CANNOT_MUTE_SELF = 'You cannot mute yourself';
const USER_NOT_FOUND = 'User not found';

/** GET /api/users/{id}/mute. */
export async function getMuteState(ctx: SignedInContext, userId: string): Promise<MuteState> {
  const { viewerId } = ctx;
  if (await muteExists(ctx.db, viewerId, userId)) return { isMuted: true };
  if (userId !== viewerId && !(await userExists(ctx.db, userId))) {
    throw notFound(USER_NOT_FOUND);
  }
  return { isMuted: false };
}

/** POST /api/users/{id}/mute: muting twice is muting once. */
export async function muteUser(ctx: SignedInContext, userId: string): Promise<MuteState> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_MUTE_SELF);
  try {
    await ctx.write((tx) => insertMute(tx, viewerId, userId));
  } catch (error) {
    // The mute row's foreign key: there is no such person (or they just left).
    if (sqlState(error) === '23503') throw notFound(USER_NOT_FOUND);
    throw error;
  }
  return { isMuted: true };
}

/** DELETE /api/users/{id}/mute: fine if they were not muted. */
export async function unmuteUser(ctx: SignedInContext, userId: string): Promise<MuteState> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_MUTE_SELF);
  await ctx.write((tx) => deleteMute(tx, viewerId, userId));
  if (!(await userExists(ctx.db, userId))) throw notFound(USER_NOT_FOUND);
  return { isMuted: false };
}

/** GET /api/users/me/mutes: the people the viewer muted, newest mute first. */
export async function listMutes(
  ctx: SignedInContext,
  query: MuteListQuery,
): Promise<MutedPerson[]> {
  const { viewerId } = ctx;
  const rows = await selectMutePage(ctx.db, viewerId, query);
  if (rows.length === 0 && query.before && !(await muteExists(ctx.db, viewerId, query.before))) {
    throw badRequest('before: that person is not in this list (any more)');
  }
  return rows.map((row) => ({
    ...row,
    profileImageUrl: pictureUrl(row.profileImageUrl),
    mutedAt: new Date(row.mutedAt).toISOString(),
  }));
}
