import type { ConcertHistoryQuery, ConcertListItem } from '#shared/schemas/concerts';
import type { CurrentUser, UserProfile, UserStats, UserSummary } from '#shared/schemas/users';
import type { Writer } from '#server/changes/index.ts';
import type { Database, Tx } from '#server/db/index.ts';
import { badRequest, conflict, notFound, unauthorized } from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { concertExists } from '../concerts/index.ts';
import { refuseReadAcrossBlock } from './blocking.ts';
import { selectBlockState } from './blocks.ts';
import { freeUsername, randomHandle } from './handles.ts';
import {
  buildConcertHistoryQuery,
  findUserById,
  findUserByIdentity,
  insertUserForIdentity,
  isEmailTaken,
  forgivingPeopleStatement,
  searchPeople,
  selectUserProfile,
  selectUserStats,
  type PersonKey,
  type UserRow,
} from './queries.ts';
import { shownPerson } from './queries/summaries.ts';
import { requireHistoryAccess, USER_NOT_FOUND } from './visibility.ts';

export { HISTORY_PRIVATE, USER_NOT_FOUND } from './visibility.ts';

/** Standard OpenID claims Encore reads; every one but sub is optional. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  email?: string | undefined;
  givenName?: string | undefined;
  familyName?: string | undefined;
  name?: string | undefined;
  picture?: string | undefined;
}

/**
 * "Ada King Lovelace" → first "Ada", last "King Lovelace" (docs/product.md §5 splits at the first
 * space).
 */
export function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  const trimmed = name?.trim();
  if (!trimmed) return {};
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** Usernames tried when sign-ups race for the same one. */
const SIGN_UP_USERNAME_TRIES = 3;

/**
 * People are matched by (issuer, subject), never by e-mail: an address can change hands
 * between providers. A new subject becomes a new user on first sign-in; with a `writer`,
 * a new user with an address is sent "Verify your e-mail" (a job added in the same write).
 */
export async function findOrCreateUserForIdentity(
  db: Database,
  claims: IdentityClaims,
  writer?: Writer,
): Promise<UserRow> {
  const existing = await findUserByIdentity(db, claims.issuer, claims.subject);
  if (existing) return existing;
  if (!writer) return db.transaction((tx) => createUserForIdentity(tx, claims));
  return writer.write(async (tx, changes) => {
    const row = await createUserForIdentity(tx, claims);
    if (row.email && !row.emailVerifiedAt) {
      changes.record({ kind: 'email-verification-requested', userId: row.id });
    }
    return row;
  });
}

async function createUserForIdentity(tx: Tx, claims: IdentityClaims): Promise<UserRow> {
  const fromName = splitName(claims.name);
  const email = claims.email?.trim().toLowerCase();
  // Another identity already owns this address: keep the account, leave the e-mail out.
  const usableEmail = email && !(await isEmailTaken(tx, email)) ? email : null;
  const person = {
    authIssuer: claims.issuer,
    authSubject: claims.subject,
    email: usableEmail,
    firstName: (claims.givenName ?? fromName.firstName)?.slice(0, 100) ?? null,
    lastName: (claims.familyName ?? fromName.lastName)?.slice(0, 100) ?? null,
    profileImageUrl: claims.picture ?? null,
    // A new account meets the onboarding wizard from its first step.
    onboardingStep: 1,
  };
  let username = await freeUsername(tx, person);
  for (let attempt = 1; attempt <= SIGN_UP_USERNAME_TRIES; attempt++) {
    const row = await insertUserForIdentity(tx, { ...person, username });
    if (row) return row;
    // Someone took this username (or the e-mail) between the check and the insert.
    username = randomHandle(username.replace(/-\d+$/, ''));
  }
  throw conflict('Could not choose a username for this account; please try again');
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: pictureUrl(row.profileImageUrl),
    bio: row.bio,
    location: row.location,
    isVerified: row.isVerified,
    isPrivate: row.isPrivate,
    favoriteGenres: row.favoriteGenres,
    profileImagePending: row.pendingProfileUploadId !== null,
    onboardingStep: row.onboardingStep,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getCurrentUser(ctx: SignedInContext): Promise<CurrentUser> {
  const row = await findUserById(ctx.db, ctx.viewerId);
  // The account was deleted while the session lived on.
  if (!row) throw unauthorized();
  return toCurrentUser(row);
}

/** GET /api/users/{id}/stats: what the viewer may see of them (profile's numbers); none for someone they blocked. */
export async function getUserStats(ctx: SignedInContext, userId: string): Promise<UserStats> {
  const { viewerId } = ctx;
  if (viewerId !== userId && (await selectBlockState(ctx.db, viewerId, userId)).blockedMe) {
    throw notFound(USER_NOT_FOUND);
  }
  const stats = await selectUserStats(ctx.db, userId, viewerId, todayIso());
  if (!stats) throw notFound(USER_NOT_FOUND);
  return stats;
}

/**
 * GET /api/users/{id} and /api/users/username/{username}: what a signed-in person may see
 * of anyone (never their e-mail), with their numbers and whether the viewer follows them.
 */
export async function getUserProfile(ctx: SignedInContext, key: PersonKey): Promise<UserProfile> {
  const profile = await selectUserProfile(ctx.db, key, ctx.viewerId, todayIso());
  if (!profile) throw notFound(USER_NOT_FOUND);
  return profile;
}

/**
 * GET /api/users/search: Find Friends, by username or name, never the viewer themself nor
 * anyone either of them blocked.
 */
/** People as the one search finds them (modules/search), a window of the ranking. */
export async function findPeopleForgivingly(
  ctx: SignedInContext,
  text: string,
  window: { limit: number; offset: number },
): Promise<UserSummary[]> {
  const rows = await forgivingPeopleStatement(ctx.db, text, ctx.viewerId, window);
  return rows.map(shownPerson);
}

export async function searchUsers(
  ctx: SignedInContext,
  query: { q: string; limit: number },
): Promise<UserSummary[]> {
  return searchPeople(ctx.db, query.q.toLowerCase(), ctx.viewerId, query.limit);
}

/**
 * GET /api/users/{id}/history: the concerts a person reviewed that have happened (before
 * today, as their Concerts number counts them), newest first. Their own is always theirs
 * to see; someone else's only when their settings show it and their content is visible to
 * the viewer (visibility.ts).
 */
export async function getConcertHistory(
  ctx: SignedInContext,
  userId: string,
  query: ConcertHistoryQuery,
): Promise<ConcertListItem[]> {
  const { viewerId } = ctx;
  await refuseReadAcrossBlock(ctx.db, viewerId, userId);
  await requireHistoryAccess(ctx.db, userId, viewerId);
  const rows = await buildConcertHistoryQuery(ctx.db, userId, todayIso(), query);
  if (rows.length === 0 && query.before && !(await concertExists(ctx.db, query.before))) {
    throw badRequest('before: no concert with that id');
  }
  return rows;
}
