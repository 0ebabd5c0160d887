import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Database | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByIdentity(
  db: Database | Tx,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.authIssuer, issuer), eq(users.authSubject, subject)))
    .limit(1);
  return row;
}

export async function isEmailTaken(db: Database | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

/** Inserts unless the identity exists already (two first sign-ins racing); returns the row. */
export async function insertUserForIdentity(
  db: Database | Tx,
  values: NewUserRow,
): Promise<UserRow> {
  const [inserted] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: [users.authIssuer, users.authSubject] })
    .returning();
  if (inserted) return inserted;
  const existing = await findUserByIdentity(db, values.authIssuer!, values.authSubject!);
  if (!existing) throw new Error('user vanished between insert and read');
  return existing;
}
