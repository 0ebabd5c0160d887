/**
 * Verified addresses: Encore mails an address only after its owner followed the link of
 * "Verify your e-mail" (sent by a job when the account is made, and again on "Resend").
 * The link is signed for this purpose, names the person and a digest of the address, and
 * expires; it works once, since it only marks an address that is not verified yet.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { EmailVerificationState } from '#shared/schemas/email';
import { givenName } from '#shared/user-display';
import type { Database } from '#server/db/index.ts';
import { badRequest, conflict, unauthorized } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { verifyEmailMail } from '#server/mail/templates/verify-email.tsx';
import { markVerified, selectAddress } from './queries.ts';
import { checkLink, signLink } from './signed-links.ts';

export const VERIFY_EMAIL_PATH = '/api/account/verify-email';
/**
 * The page a mailed link opens: it verifies only when its button is pressed (a POST), so
 * a mail scanner that follows every link verifies nothing.
 */
export const verifyEmailPage = (token: string) => `/verify-email/${encodeURIComponent(token)}`;

/** As account/throttle-keys.ts names per-person keys, so the key goes with the account. */
export const verificationThrottleKey = (userId: string) => `email-verifications:${userId}`;

const addressDigest = (email: string) =>
  createHash('sha256').update(email).digest('base64url').slice(0, 22);

const verifyPayload = z.object({ u: z.string(), e: z.string() });

export interface VerificationMailSources {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  mail: { verificationLinkHours: number };
}

/** The job: mails a fresh link to the person's address, unless there is none to verify. */
export async function mailEmailVerification(
  { db, mailer, publicUrl, mail }: VerificationMailSources,
  userId: string,
): Promise<void> {
  const person = await selectAddress(db, userId);
  if (!person?.email || person.emailVerifiedAt) return;
  const expiresAt = new Date(Date.now() + mail.verificationLinkHours * 60 * 60 * 1000);
  const token = await signLink(
    db,
    'verify-email',
    { u: userId, e: addressDigest(person.email) },
    expiresAt,
  );
  await mailer.send({
    to: person.email,
    ...(await verifyEmailMail({
      name: givenName(person) ?? 'there',
      link: `${publicUrl}${verifyEmailPage(token)}`,
      hours: mail.verificationLinkHours,
    })),
  });
}

/** Verifies with a link's token; refused when forged, expired, used, or the address changed. */
export async function verifyEmail(db: Database, token: string): Promise<void> {
  const checked = await checkLink(db, 'verify-email', token, verifyPayload);
  if (!checked.ok) {
    throw badRequest(
      checked.reason === 'expired'
        ? 'token has expired: ask for a new verification link in Settings'
        : 'token is not a verification link Encore sent',
    );
  }
  const { u: userId, e: digest } = checked.payload;
  const person = await selectAddress(db, userId);
  if (!person?.email || addressDigest(person.email) !== digest) {
    throw badRequest('token was sent to an address your account no longer has');
  }
  if (!(await markVerified(db, userId, person.email))) {
    throw badRequest('token was already used: your e-mail is verified');
  }
}

export async function getEmailVerification(ctx: SignedInContext): Promise<EmailVerificationState> {
  const person = await selectAddress(ctx.db, ctx.viewerId);
  if (!person) throw unauthorized();
  return {
    email: person.email,
    verifiedAt: person.emailVerifiedAt?.toISOString() ?? null,
  };
}

/** "Resend": a new link, at most `perHour` an hour (EMAIL_VERIFICATIONS_PER_HOUR). */
export async function resendEmailVerification(
  ctx: SignedInContext,
  perHour: number,
): Promise<EmailVerificationState> {
  const state = await getEmailVerification(ctx);
  if (!state.email) throw badRequest('email is missing: your account has no address to verify');
  if (state.verifiedAt) throw conflict('email is already verified');
  await countOrRefuse(ctx.db, 'verification e-mails', [
    hourlyRule(verificationThrottleKey(ctx.viewerId), perHour),
  ]);
  await ctx.write(async (_tx, changes) => {
    changes.record({ kind: 'email-verification-requested', userId: ctx.viewerId });
  });
  return state;
}
