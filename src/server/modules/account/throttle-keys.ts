/** The per-person keys of limits an account has (auth_throttles), which go with it. */
export const exportThrottleKey = (userId: string) => `exports:${userId}`;
/** As the uploads module counts upload requests. */
export const uploadThrottleKey = (userId: string) => `uploads:${userId}`;
/** As the reports module counts reports sent. */
export const reportThrottleKey = (userId: string) => `reports:${userId}`;
/** As the uploads module counts the kilobytes a person uploads in a day. */
export const uploadBytesThrottleKey = (userId: string) => `upload-bytes:${userId}`;
/** As reviews/comments.ts counts comments: this key in all, and `<key>:<reviewId>` per review. */
export const commentThrottleKey = (userId: string) => `comments:${userId}`;
