/**
 * Every table of docs/product.md §3, plus what sign-in needs (local accounts, the embedded
 * provider's state, application secrets). Columns are snake_case in SQL and camelCase
 * here. Rules that must hold whatever code writes a row (unique pairs, rating ranges,
 * text lengths, cascades) are constraints, not only checks in services.
 */

export * from './schema/attendance.ts';
export * from './schema/auth.ts';
export * from './schema/calendar.ts';
export * from './schema/diary.ts';
export * from './schema/imports.ts';
export * from './schema/mail.ts';
export * from './schema/concerts.ts';
export * from './schema/moderation.ts';
export * from './schema/push.ts';
export * from './schema/rankings.ts';
export * from './schema/review-comments.ts';
export * from './schema/reviews.ts';
export * from './schema/social.ts';
export * from './schema/uploads.ts';
export * from './schema/users.ts';
export * from './schema/years.ts';
