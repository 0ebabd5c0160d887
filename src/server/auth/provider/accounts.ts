/** Local accounts of the embedded sign-in provider: e-mail and an scrypt password hash. */
import { and, eq, isNull } from 'drizzle-orm';
import type { CreateAccountForm } from '#shared/schemas/accounts';
import type { Database } from '#server/db/index.ts';
import { localAccounts } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/http-error.ts';
import { findRow } from '#server/lib/has-row.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

export type LocalAccount = typeof localAccounts.$inferSelect;

export async function findAccountById(db: Database, id: string): Promise<LocalAccount | undefined> {
  return findRow(db, localAccounts, eq(localAccounts.id, id));
}

/** The account when the password matches; undefined otherwise, in the same time either way. */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
): Promise<LocalAccount | undefined> {
  const account = await findRow(db, localAccounts, eq(localAccounts.email, email));
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  return account && matches ? account : undefined;
}

export type CreateAccountResult =
  { ok: true; account: LocalAccount } | { ok: false; reason: 'email-taken' };

export async function createAccount(
  db: Database,
  form: CreateAccountForm,
): Promise<CreateAccountResult> {
  const passwordHash = await hashPassword(form.password);
  try {
    const [account] = await db
      .insert(localAccounts)
      .values({
        email: form.email,
        passwordHash,
        firstName: form.firstName,
        lastName: form.lastName || null,
      })
      .returning();
    return { ok: true, account: account! };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'email-taken' };
    throw error;
  }
}

/** Standard OpenID claims for an account (scopes decide which ones leave). */
export function accountClaims(account: LocalAccount) {
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
  return {
    sub: account.id,
    email: account.email,
    email_verified: false,
    name,
    given_name: account.firstName,
    ...(account.lastName ? { family_name: account.lastName } : {}),
  };
}

/** Points the account at the user it signs in as (the first time; later calls change nothing). */
export async function linkAccountToUser(db: Database, accountId: string, userId: string) {
  await db
    .update(localAccounts)
    .set({ userId })
    .where(and(eq(localAccounts.id, accountId), isNull(localAccounts.userId)));
}
