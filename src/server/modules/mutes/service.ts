/**
 * Mutes: someone's reviews kept out of the muter's Following timeline without unfollowing
 * them. The muted person is not told: no notice, and nothing they can read shows it. Someone
 * who blocked the viewer cannot be muted, nor asked about: they answer as an unknown id. The
 * timeline skips muted authors when it is read (reviews/queries.ts), so a mute and an
 * unmute show at once and the timeline's entries stay as they are.
 */
import type { MuteListQuery, MutedPerson, MuteState } from '#shared/schemas/moderation';
import { badRequest, notFound, sqlState } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { deleteMute, insertMute, muteExists, personKnownTo, selectMutePage } from './queries.ts';

export const CANNOT_MUTE_SELF = 'You cannot mute yourself';
const USER_NOT_FOUND = 'User not found';

/** GET /api/users/{id}/mute. */
export async function getMuteState(ctx: SignedInContext, userId: string): Promise<MuteState> {
  const { viewerId } = ctx;
  await requireKnown(ctx, userId);
  return { isMuted: await muteExists(ctx.db, viewerId, userId) };
}

/** POST /api/users/{id}/mute: muting twice is muting once. */
export async function muteUser(ctx: SignedInContext, userId: string): Promise<MuteState> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_MUTE_SELF);
  await requireKnown(ctx, userId);
  try {
    await ctx.write((tx) => insertMute(tx, viewerId, userId));
  } catch (error) {
    // The mute row's foreign key: the person has just left.
    if (sqlState(error) === '23503') throw notFound(USER_NOT_FOUND);
    throw error;
  }
  return { isMuted: true };
}

/** DELETE /api/users/{id}/mute: fine if they were not muted. */
export async function unmuteUser(ctx: SignedInContext, userId: string): Promise<MuteState> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_MUTE_SELF);
  await requireKnown(ctx, userId);
  await ctx.write((tx) => deleteMute(tx, viewerId, userId));
  return { isMuted: false };
}

/**
 * 404 as for an unknown id unless the person exists to the viewer: to someone they
 * blocked, a person does not, so muting them must not tell that they are there.
 */
async function requireKnown(ctx: SignedInContext, userId: string): Promise<void> {
  if (!(await personKnownTo(ctx.db, ctx.viewerId, userId))) throw notFound(USER_NOT_FOUND);
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
