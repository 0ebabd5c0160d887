/** The per-person keys of limits an account has (auth_throttles), which go with it. */
export const exportThrottleKey = (userId: string) => `exports:${userId}`;
/** As the uploads module counts upload requests. */
export const uploadThrottleKey = (userId: string) => `uploads:${userId}`;
/** As the reports module counts reports sent. */
export const reportThrottleKey = (userId: string) => `reports:${userId}`;
/** As the uploads module counts the kilobytes a person uploads in a day. */
export const uploadBytesThrottleKey = (userId: string) => `upload-bytes:${userId}`;
/** As users/follows.ts counts follows and unfollows, of people and artists. */
export const followThrottleKey = (userId: string) => `follows:${userId}`;
/** As email/verification.ts counts "Resend" of the verification link. */
export const emailVerificationThrottleKey = (userId: string) => `email-verifications:${userId}`;
/** As show-alerts/service.ts counts saves of the alert settings. */
export const alertSaveThrottleKey = (userId: string) => `alert-saves:${userId}`;
/** As reviews/writes.ts counts reviews posted and deleted. */
export const reviewThrottleKey = (userId: string) => `reviews:${userId}`;
/** As reviews/comments.ts counts comments: this key in all, and `<key>:<reviewId>` per review. */
export const commentThrottleKey = (userId: string) => `comments:${userId}`;
