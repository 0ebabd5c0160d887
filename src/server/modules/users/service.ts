import type { CurrentUser, UserStats } from '#shared/schemas/users';
import type { Database } from '../../db/index.ts';
import { notFound, unauthorized } from '../../http-error.ts';
import { todayIso } from '../../lib/dates.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import {
  findUserById,
  findUserByIdentity,
  insertUserForIdentity,
  isEmailTaken,
  selectUserStats,
  type UserRow,
} from './queries.ts';

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

/** "Ada King Lovelace" → first "Ada", last "King Lovelace" (spec §5 splits at the first space). */
export function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  const trimmed = name?.trim();
  if (!trimmed) return {};
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/**
 * People are matched by (issuer, subject), never by e-mail: an address can change hands
 * between providers. A new subject becomes a new user on first sign-in.
 */
export async function findOrCreateUserForIdentity(
  db: Database,
  claims: IdentityClaims,
): Promise<UserRow> {
  const existing = await findUserByIdentity(db, claims.issuer, claims.subject);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const fromName = splitName(claims.name);
    const email = claims.email?.trim().toLowerCase();
    // Another identity already owns this address: keep the account, leave the e-mail out.
    const usableEmail = email && !(await isEmailTaken(tx, email)) ? email : null;
    return insertUserForIdentity(tx, {
      authIssuer: claims.issuer,
      authSubject: claims.subject,
      email: usableEmail,
      firstName: (claims.givenName ?? fromName.firstName)?.slice(0, 100) ?? null,
      lastName: (claims.familyName ?? fromName.lastName)?.slice(0, 100) ?? null,
      profileImageUrl: claims.picture ?? null,
    });
  });
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    bio: row.bio,
    location: row.location,
    isVerified: row.isVerified,
    isPrivate: row.isPrivate,
    favoriteGenres: row.favoriteGenres,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getCurrentUser(ctx: ServiceContext): Promise<CurrentUser> {
  const row = await findUserById(ctx.db, ctx.requireViewer());
  // The account was deleted while the session lived on.
  if (!row) throw unauthorized();
  return toCurrentUser(row);
}

export const USER_NOT_FOUND = 'User not found';

/** GET /api/users/{id}/stats. */
export async function getUserStats(ctx: ServiceContext, userId: string): Promise<UserStats> {
  const stats = await selectUserStats(ctx.db, userId, todayIso());
  if (!stats) throw notFound(USER_NOT_FOUND);
  return stats;
}
