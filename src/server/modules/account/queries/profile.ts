/** The person's own row: read, locked for an edit, changed; a username's owner; their picture. */
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { uploads, users } from '#server/db/schema.ts';
import { findRow, findValue } from '#server/lib/has-row.ts';

type Db = Database | Tx;

export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'username'
    | 'bio'
    | 'location'
    | 'profileImageUrl'
    | 'pendingProfileUploadId'
    | 'favoriteGenres'
    | 'onboardingStep'
  >
>;

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return findRow(db, users, eq(users.id, userId));
}

/** The user row, locked until the transaction ends, so two edits of one profile take turns. */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Whose username this is (usernames are stored lowercased). */
export async function usernameOwner(db: Db, username: string): Promise<string | undefined> {
  return findValue(db, users.id, eq(users.username, username.toLowerCase()));
}

export async function updateUser(tx: Tx, userId: string, changes: UserChanges): Promise<UserRow> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row!;
}

/** The profile picture this person uploaded under `fileKey`, with how far it is. */
export async function findOwnProfileUpload(db: Db, userId: string, fileKey: string) {
  const [row] = await db
    .select({ id: uploads.id, state: uploads.state })
    .from(uploads)
    .where(
      and(eq(uploads.userId, userId), eq(uploads.fileKey, fileKey), eq(uploads.purpose, 'profile')),
    );
  return row;
}
