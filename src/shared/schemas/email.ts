/** E-mail: the verification of one's address, and unsubscribing from a mail's link. */
import { z } from 'zod';

/** GET and POST /api/users/me/email-verification. */
export const emailVerificationStateSchema = z
  .object({
    /** The address Encore mails; null when the sign-in provider gave none. */
    email: z.string().nullable(),
    /** When the address was verified; null while it is not. */
    verifiedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'EmailVerificationState' });
export type EmailVerificationState = z.infer<typeof emailVerificationStateSchema>;

const verificationToken = z
  .string({ error: 'token is required' })
  .min(1, 'token is required')
  .max(2000, 'token is too long');

/** GET /api/account/verify-email?token=… (the link mailed before the page took its place). */
export const verifyEmailQuerySchema = z.object({ token: verificationToken });

/** POST /api/account/verify-email, from the page of the link in "Verify your e-mail". */
export const verifyEmailBodySchema = z.object({ token: verificationToken });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** The kinds of mail an unsubscribe link turns off. */
export const UNSUBSCRIBE_KINDS = ['digest', 'concert-alerts'] as const;

/** POST /api/unsubscribe/{token}. */
export const unsubscribeParamsSchema = z.object({
  token: z.string().min(1, 'token is required').max(2000, 'token is too long'),
});

export const unsubscribeResultSchema = z
  .object({
    kind: z.enum(UNSUBSCRIBE_KINDS),
    /** What stops, in a sentence ("You will no longer get the daily digest."). */
    message: z.string(),
  })
  .meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
