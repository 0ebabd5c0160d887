/** A person's own row: found by id or by the identity that signs them in, and made at first sign-in. */
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { findRow, hasRow } from '#server/lib/has-row.ts';

type Db = Database | Tx;

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return findRow(db, users, eq(users.id, id));
}

export async function findUserByIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  return findRow(db, users, and(eq(users.authIssuer, issuer), eq(users.authSubject, subject)));
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  return hasRow(db, users, eq(users.email, email));
}

/**
 * Inserts unless the identity exists already (two first sign-ins racing) or the username
 * or e-mail was taken meanwhile; returns the row, or undefined when nothing was inserted
 * and the identity has no row (the caller picks another username).
 */
export async function insertUserForIdentity(
  db: Db,
  values: NewUserRow & { authIssuer: string; authSubject: string },
): Promise<UserRow | undefined> {
  const [inserted] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return inserted ?? findUserByIdentity(db, values.authIssuer, values.authSubject);
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return hasRow(db, users, eq(users.id, userId));
}
