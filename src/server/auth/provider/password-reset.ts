/**
 * Password reset by e-mail: a one-time link valid for 30 minutes. Only a hash of its
 * token is stored. Using it sets the new password and signs the account out everywhere:
 * Encore's sessions of its user and the provider's own sessions, grants and tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { localAccounts, oidcPayloads, passwordResetTokens } from '#server/db/schema.ts';
import type { Writer } from '#server/changes/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { passwordResetMail } from '#server/mail/templates/password-reset.tsx';
import { endSessionsOfUser } from '../user-sessions.ts';
import { hashPassword } from './passwords.ts';

export const RESET_LINK_LIFETIME_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PasswordResetOptions {
  db: Database;
  /** Adds the job that makes and mails the link. */
  writer: Writer;
}

export interface ResetMailSources {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Makes a reset link for the account and mails it (the job behind a request). Only the
 * token's hash is kept, so the link exists nowhere but in the mail: a run cut off after the
 * mail went and run again mails a second link, and either works.
 */
export async function mailPasswordResetLink(
  { db, mailer, publicUrl }: ResetMailSources,
  accountId: string,
): Promise<void> {
  const [account] = await db
    .select({ email: localAccounts.email, firstName: localAccounts.firstName })
    .from(localAccounts)
    .where(eq(localAccounts.id, accountId))
    .limit(1);
  // The account was deleted since.
  if (!account) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    accountId,
    expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
  });
  const link = `${publicUrl}/account/reset-password?token=${token}`;
  await mailer.send({
    to: account.email,
    ...(await passwordResetMail({ firstName: account.firstName, link })),
  });
}

export function createPasswordReset(options: PasswordResetOptions) {
  const { db, writer } = options;

  return {
    /**
     * Queues a reset link when the e-mail has an account. The caller answers the same
     * either way, and the link is made and mailed by a job, so neither the answer nor its
     * timing says whether the account exists.
     */
    async request(email: string): Promise<void> {
      const [account] = await db
        .select({ id: localAccounts.id })
        .from(localAccounts)
        .where(eq(localAccounts.email, email))
        .limit(1);
      if (!account) return;
      await writer.write(async (_tx, changes) => {
        changes.record({ kind: 'password-reset-requested', accountId: account.id });
      });
    },

    /** Whether a token can still be used (to show the form, or say it expired). */
    async isUsable(token: string): Promise<boolean> {
      const [row] = await db
        .select({ accountId: passwordResetTokens.accountId })
        .from(passwordResetTokens)
        .where(usable(token))
        .limit(1);
      return row !== undefined;
    },

    /** Sets the new password and ends every session; false when the link is used or expired. */
    async complete(token: string, newPassword: string): Promise<boolean> {
      const passwordHash = await hashPassword(newPassword);
      return db.transaction(async (tx) => {
        // Taking the token and checking it are one statement: a link works exactly once.
        const [taken] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(usable(token))
          .returning({ accountId: passwordResetTokens.accountId });
        if (!taken) return false;
        const { accountId } = taken;
        await tx.update(localAccounts).set({ passwordHash }).where(eq(localAccounts.id, accountId));
        await tx
          .delete(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)),
          );
        // The provider's sessions, grants, codes and tokens all name the account.
        await tx
          .delete(oidcPayloads)
          .where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`);
        const [account] = await tx
          .select({ userId: localAccounts.userId })
          .from(localAccounts)
          .where(eq(localAccounts.id, accountId));
        if (account?.userId) await endSessionsOfUser(tx, account.userId);
        return true;
      });
    },

    async sweep(): Promise<void> {
      await db
        .delete(passwordResetTokens)
        .where(
          or(
            lt(passwordResetTokens.expiresAt, new Date()),
            lt(passwordResetTokens.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
          ),
        );
    },
  };
}

function usable(token: string) {
  return and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
