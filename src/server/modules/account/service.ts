/**
 * The signed-in person's own account: their profile (docs/product.md §5 "Profile edit"), whether a
 * username is free, and their settings. Usernames are unique in the database; the check
 * here only says so early, and a race between two people lands on the constraint.
 */
import { PROFILE_NAME_MAX } from '#shared/limits';
import {
  USERNAME_AVAILABLE,
  USERNAME_TAKEN,
  usernameRule,
  type CurrentUser,
  type ProfileUpdate,
  type UsernameCheck,
  DEFAULT_SETTINGS,
  type UserSettings,
  type UserSettingsUpdate,
} from '#shared/schemas/users';
import { badRequest, conflict, isUniqueViolation, unauthorized } from '#server/http-error.ts';
import type { Tx } from '#server/db/index.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import {
  findOwnProfileUpload,
  findUser,
  lockUser,
  selectSettings,
  setPrivate,
  updateUser,
  upsertSettings,
  usernameOwner,
  type SettingsRow,
  type UserChanges,
} from './queries.ts';
import { acceptPendingFollowRequests, toCurrentUser } from '../users/index.ts';

/**
 * docs/product.md §4 "Username availability": a rule's message when it breaks one; one's own is
 * free.
 */
export async function checkUsername(ctx: SignedInContext, wanted: string): Promise<UsernameCheck> {
  const { viewerId } = ctx;
  const parsed = usernameRule.safeParse(wanted);
  if (!parsed.success) {
    return { available: false, message: parsed.error.issues[0]?.message ?? 'Invalid username' };
  }
  const owner = await usernameOwner(ctx.db, parsed.data);
  return owner === undefined || owner === viewerId
    ? { available: true, message: USERNAME_AVAILABLE }
    : { available: false, message: USERNAME_TAKEN };
}

/**
 * PUT /api/users/me: what is given changes, what is absent stays. The name (first and
 * last together, as Edit Profile shows it) is required and at most PROFILE_NAME_MAX
 * characters; a picture must be one of the person's own profile uploads.
 */
export async function updateProfile(
  ctx: SignedInContext,
  update: ProfileUpdate,
): Promise<CurrentUser> {
  const userId = ctx.viewerId;
  try {
    return await ctx.write(async (tx, changes) => {
      const current = await lockUser(tx, userId);
      if (!current) throw unauthorized();
      const next: UserChanges = {};
      if (update.firstName !== undefined) {
        if (update.firstName === null) throw badRequest('Name is required');
        next.firstName = update.firstName;
      }
      if (update.lastName !== undefined) next.lastName = update.lastName;
      // Checked when the name is edited: one a provider gave may be longer, and stays.
      const firstName = next.firstName ?? current.firstName;
      const lastName = next.lastName === undefined ? current.lastName : next.lastName;
      const nameEdited = next.firstName !== undefined || next.lastName !== undefined;
      if (nameEdited && [firstName, lastName].filter(Boolean).join(' ').length > PROFILE_NAME_MAX) {
        throw badRequest('Name too long');
      }
      if (update.username !== undefined) next.username = update.username;
      if (update.bio !== undefined) next.bio = update.bio;
      if (update.location !== undefined) next.location = update.location;
      if (update.favoriteGenres !== undefined) next.favoriteGenres = update.favoriteGenres;
      // Finished (or skipped) stays finished: a late step from another tab does not reopen it.
      if (update.onboardingStep !== undefined && current.onboardingStep !== null) {
        next.onboardingStep = update.onboardingStep;
      }
      if (
        update.profileImageUrl !== undefined &&
        storedPicture(ctx, update.profileImageUrl) !== current.profileImageUrl
      ) {
        Object.assign(next, await pictureChange(tx, ctx, userId, update.profileImageUrl));
      }
      if (Object.keys(next).length === 0) return toCurrentUser(current);
      const row = await updateUser(tx, userId, next);
      changes.record({ kind: 'user', userId });
      return toCurrentUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}

/**
 * How the row keeps a picture the client names by URL: an upload by its key (sent at
 * /uploads/ or at the public address alike), any other URL as it is (a provider's
 * picture, sent back unchanged).
 */
const storedPicture = (ctx: ServiceContext, url: string | null) =>
  url === null ? null : (ctx.files.keyOf(url) ?? url);

/**
 * What choosing a picture changes: one that is ready (or none) shows at once; one still
 * processing waits on the user row, and its job makes it the picture once it is ready, so
 * the old picture shows until then. Either way, an earlier choice still waiting is off.
 */
async function pictureChange(
  tx: Tx,
  ctx: ServiceContext,
  userId: string,
  url: string | null,
): Promise<UserChanges> {
  if (url === null) return { profileImageUrl: null, pendingProfileUploadId: null };
  const key = ctx.files.keyOf(url);
  const upload = key ? await findOwnProfileUpload(tx, userId, key) : undefined;
  if (!key || !upload) throw badRequest('profileImageUrl must be a picture you uploaded');
  if (upload.state === 'failed') {
    throw badRequest('profileImageUrl could not be processed; upload the picture again');
  }
  return upload.state === 'processing'
    ? { pendingProfileUploadId: upload.id }
    : { profileImageUrl: key, pendingProfileUploadId: null };
}

// Settings

export function toSettings(row: SettingsRow | null, isPrivate: boolean): UserSettings {
  const stored = row
    ? {
        emailNotifications: row.emailNotifications,
        dailyDigest: row.dailyDigest,
        pushNotifications: row.pushNotifications,
        newFollowerNotif: row.newFollowerNotif,
        newReviewNotif: row.newReviewNotif,
        newCommentNotif: row.newCommentNotif,
        newLikeNotif: row.newLikeNotif,
        friendsGoingNotif: row.friendsGoingNotif,
        upcomingConcertReminders: row.upcomingConcertReminders,
        showConcertHistory: row.showConcertHistory,
        theme: row.theme,
        language: row.language,
        timeZone: row.timeZone,
      }
    : DEFAULT_SETTINGS;
  return { ...stored, publicProfile: !isPrivate };
}

/** The defaults until the person first changes something; the row is made then. */
export async function getSettings(ctx: SignedInContext): Promise<UserSettings> {
  const found = await selectSettings(ctx.db, ctx.viewerId);
  if (!found) throw unauthorized();
  return toSettings(found.settings, found.isPrivate);
}

export async function updateSettings(
  ctx: SignedInContext,
  update: UserSettingsUpdate,
): Promise<UserSettings> {
  const userId = ctx.viewerId;
  return ctx.write(async (tx, changes) => {
    const user = await findUser(tx, userId);
    if (!user) throw unauthorized();
    const { publicProfile, ...columns } = update;
    const row = await upsertSettings(tx, userId, columns);
    let isPrivate = user.isPrivate;
    if (publicProfile !== undefined && publicProfile === user.isPrivate) {
      isPrivate = !publicProfile;
      // Public again: the people who asked to follow now do (existing followers always stay).
      if (!isPrivate) await acceptPendingFollowRequests(tx, changes, userId);
      await setPrivate(tx, userId, isPrivate);
    }
    // Profiles show whether the person is private and whether their history is shown.
    if (isPrivate !== user.isPrivate || columns.showConcertHistory !== undefined) {
      changes.record({ kind: 'user', userId });
    }
    return toSettings(row, isPrivate);
  });
}
