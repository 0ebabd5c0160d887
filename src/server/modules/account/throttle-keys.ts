/** The per-person keys of limits an account has (auth_throttles), which go with it. */
export const exportThrottleKey = (userId: string) => `exports:${userId}`;
/** As the uploads module counts upload requests. */
export const uploadThrottleKey = (userId: string) => `uploads:${userId}`;
/** As the reports module counts reports sent. */
export const reportThrottleKey = (userId: string) => `reports:${userId}`;
