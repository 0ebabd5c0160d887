/**
 * The limits of the embedded sign-in, as throttle rules. Sign-in attempts are counted per
 * account and address together (so guessing from elsewhere never locks the owner out of
 * their own device) and per address (so one address cannot try many accounts).
 */
import type { ThrottleRule } from '#server/lib/throttle.ts';

export interface SignInLimits {
  /** Attempts for one account from one address per window. */
  attemptsPerAccountAndAddress: number;
  /** Attempts from one address, whatever the account, per window. */
  attemptsPerAddress: number;
  signupsPerAddressPerHour: number;
  passwordResetsPerAddressPerHour: number;
  /** Requests a minute per address to the provider's endpoints and the sign-in pages. */
  requestsPerMinute: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  attemptsPerAccountAndAddress: 5,
  attemptsPerAddress: 20,
  signupsPerAddressPerHour: 10,
  passwordResetsPerAddressPerHour: 5,
  requestsPerMinute: 120,
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** A sign-in window; each one a key overflows doubles the next, up to a day. */
const SIGN_IN_WINDOW_MS = 15 * MINUTE;
const LONGEST_WINDOW_MS = 24 * HOUR;
/** Reset mails to one address: a few an hour is plenty, and it stops mail bombing. */
const RESETS_PER_EMAIL_PER_HOUR = 3;

const rule = (key: string, limit: number, windowMs: number): ThrottleRule => ({
  key,
  limit,
  windowMs,
  maxWindowMs: LONGEST_WINDOW_MS,
});

export const signInRules = (limits: SignInLimits, email: string | undefined, address: string) => ({
  /** Forgotten after a successful sign-in. */
  accountAndAddress: email
    ? rule(`sign-in:${email}|${address}`, limits.attemptsPerAccountAndAddress, SIGN_IN_WINDOW_MS)
    : undefined,
  address: rule(`sign-in:${address}`, limits.attemptsPerAddress, SIGN_IN_WINDOW_MS),
});

export const signUpRules = (limits: SignInLimits, address: string) => [
  rule(`sign-up:${address}`, limits.signupsPerAddressPerHour, HOUR),
];

export const passwordResetRules = (limits: SignInLimits, email: string, address: string) => [
  rule(`reset:${address}`, limits.passwordResetsPerAddressPerHour, HOUR),
  rule(`reset:${email}`, RESETS_PER_EMAIL_PER_HOUR, HOUR),
];
