/** People and their settings. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, rowId, textList } from './columns.ts';
import {
  BIO_MAX,
  LOCATION_MAX,
  PROFILE_NAME_MAX,
  USERNAME_CHARACTERS,
  USERNAME_MAX,
  USERNAME_MIN,
} from '#shared/limits';

export const users = pgTable(
  'users',
  {
    id: rowId(),
    email: text('email').unique(),
    /**
     * When the person proved they read mail at `email` (the link of "Verify your e-mail");
     * null until then. Encore mails nothing but that link and password resets to an
     * address not verified. A changed address is unverified again.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    username: varchar('username', { length: USERNAME_MAX }).unique(),
    firstName: varchar('first_name', { length: PROFILE_NAME_MAX }),
    lastName: varchar('last_name', { length: PROFILE_NAME_MAX }),
    /**
     * The key of the person's picture upload, made a URL as it is read
     * (storage/media-urls.ts); a sign-in provider's picture is kept as its URL.
     */
    profileImageUrl: text('profile_image_url'),
    /**
     * A profile upload chosen as the picture while it was still processing: its job makes
     * it the picture once ready (the old one shows until then), or drops it if it failed.
     * No foreign key: uploads already refer to users, and a stale id matches no job.
     */
    pendingProfileUploadId: uuid('pending_profile_upload_id'),
    bio: varchar('bio', { length: BIO_MAX }),
    location: varchar('location', { length: LOCATION_MAX }),
    isVerified: boolean('is_verified').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    favoriteGenres: textList('favorite_genres'),
    /**
     * The onboarding wizard's step to open at (docs/product.md §4 "Onboarding wizard"); null
     * once it was finished or skipped. A new account starts at 1; the people from before
     * the wizard asked everyone have null.
     */
    onboardingStep: integer('onboarding_step'),
    /**
     * Follows in and out, changed in the same statement as the user_follows row, so a
     * profile's numbers never count rows (a person may have 10,000 followers).
     */
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** Lowercased username and names: one trigram index serves Find Friends' partial search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(username, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
      ),
    /** Names and username as search compares them (encore_fold, migration 0051). */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(
        sql`encore_fold(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(username, ''))`,
      ),
    /** Who vouches for this person: the OpenID issuer and its subject identifier. */
    authIssuer: text('auth_issuer'),
    authSubject: text('auth_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('users_auth_identity_unique').on(t.authIssuer, t.authSubject),
    check(
      'users_username_format',
      sql`${t.username} ~ ${sql.raw(`'^[${USERNAME_CHARACTERS}]{${USERNAME_MIN},${USERNAME_MAX}}$'`)}`,
    ),
    index('users_created_at_idx').on(t.createdAt),
    // The private people a signed-in reader's lists leave out (migration 0028).
    index('users_private_idx')
      .on(t.id)
      .where(sql`${t.isPrivate}`),
    // A profile upload's job finds who is waiting for it.
    index('users_pending_profile_upload_idx')
      .on(t.pendingProfileUploadId)
      .where(sql`${t.pendingProfileUploadId} IS NOT NULL`),
    check('users_follow_counts', sql`${t.followersCount} >= 0 AND ${t.followingCount} >= 0`),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('users_search_key_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    // Find Friends looks for usernames that start with the term first; LIKE 'term%' reads
    // this index in any database collation, in the order of its ~<~ operator.
    index('users_username_prefix_idx').on(t.username.op('text_pattern_ops')),
    // ... then for first and last names starting with it, in name order.
    index('users_first_name_prefix_idx').on(
      sql`lower(${t.firstName}) text_pattern_ops`,
      sql`lower(${t.lastName}) text_pattern_ops`,
      t.id,
    ),
    index('users_last_name_prefix_idx').on(
      sql`lower(${t.lastName}) text_pattern_ops`,
      sql`lower(${t.firstName}) text_pattern_ops`,
      t.id,
    ),
  ],
);

/** A person's id in another table: their rows go when they do. */
export const userReference = (column: string) =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const THEMES = ['light', 'dark', 'system'] as const;

export const userSettings = pgTable(
  'user_settings',
  {
    id: rowId(),
    userId: userReference('user_id').unique(),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** "Daily digest" under "Email notifications": the morning mail of what is unread. */
    dailyDigest: boolean('daily_digest').notNull().default(true),
    pushNotifications: boolean('push_notifications').notNull().default(true),
    newFollowerNotif: boolean('new_follower_notif').notNull().default(true),
    newReviewNotif: boolean('new_review_notif').notNull().default(true),
    newCommentNotif: boolean('new_comment_notif').notNull().default(true),
    newLikeNotif: boolean('new_like_notif').notNull().default(true),
    /** "Friends going": someone one follows marked "Going" on a show one is going to. */
    friendsGoingNotif: boolean('friends_going_notif').notNull().default(true),
    upcomingConcertReminders: boolean('upcoming_concert_reminders').notNull().default(true),
    /** Whether others see the History tab of this person's profile. */
    showConcertHistory: boolean('show_concert_history').notNull().default(true),
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    language: varchar('language', { length: 10 }).notNull().default('en'),
    /**
     * The person's IANA time zone (e.g. Europe/Berlin): their "today", digests and quiet
     * hours. Null until saved; the Settings page offers the browser's.
     */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_settings_theme', sql`${t.theme} IN ('light', 'dark', 'system')`),
    check('user_settings_time_zone_not_empty', sql`${t.timeZone} <> ''`),
  ],
);
