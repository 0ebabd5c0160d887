/** Mail people want: verified addresses, one-click unsubscribe, the daily digest. */
export { mailEmailVerification, VERIFY_EMAIL_PATH } from './verification.ts';
export { queueDailyDigests, sendDailyDigest, type DigestSources } from './digest.ts';
export { sendOnce, type Occasion } from './sent.ts';
export { unsubscribeLinks, type UnsubscribeLinks } from './unsubscribe.ts';
export { isQuietHour, sendingHour, type QuietHours } from './quiet-hours.ts';
