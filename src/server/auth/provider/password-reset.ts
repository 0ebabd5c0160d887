/**
 * Password reset by e-mail: a one-time link valid for 30 minutes. Only a hash of its
 * token is stored. Using it sets the new password and signs the account out everywhere:
 * Encore's sessions of its user and the provider's own sessions, grants and tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { localAccounts, oidcPayloads, passwordResetTokens } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { endSessionsOfUser } from '../user-sessions.ts';
import { hashPassword } from './passwords.ts';

export const RESET_LINK_LIFETIME_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PasswordResetOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** Told when a reset mail could not be sent (the visitor is answered before it goes). */
  onSendError(error: unknown): void;
}

export function createPasswordReset(options: PasswordResetOptions) {
  const { db, mailer, publicUrl } = options;

  return {
    /**
     * Mails a reset link when the e-mail has an account. The caller answers the same
     * either way, and the mail is sent without waiting, so neither the answer nor its
     * timing says whether the account exists.
     */
    async request(email: string): Promise<void> {
      const [account] = await db
        .select({ id: localAccounts.id, firstName: localAccounts.firstName })
        .from(localAccounts)
        .where(eq(localAccounts.email, email))
        .limit(1);
      if (!account) return;
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        accountId: account.id,
        expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
      });
      const link = `${publicUrl}/account/reset-password?token=${token}`;
      mailer
        .send({
          to: email,
          subject: 'Reset your Encore password',
          link,
          text: [
            `Hi ${account.firstName},`,
            '',
            'Someone (we hope you) asked to reset the password of your Encore account.',
            `Choose a new one here within 30 minutes: ${link}`,
            '',
            'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
          ].join('\n'),
        })
        .catch(options.onSendError);
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
