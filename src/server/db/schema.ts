/**
 * Every table of spec §3, plus what sign-in needs (local accounts, the embedded
 * provider's state, application secrets). Columns are snake_case in SQL and camelCase
 * here. Rules that must hold whatever code writes a row (unique pairs, rating ranges,
 * text lengths, cascades) are constraints, not only checks in services.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Ratings keep half steps (4.5), so they are numeric(2,1), read back as numbers. */
const rating = (name: string) =>
  numeric(name, { precision: 2, scale: 1, mode: 'number' }).notNull();
const ratingInRange = (column: string) =>
  sql.raw(`${column} BETWEEN 1 AND 5 AND ${column} * 2 = floor(${column} * 2)`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').unique(),
    username: varchar('username', { length: 30 }).unique(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    bio: varchar('bio', { length: 500 }),
    location: varchar('location', { length: 100 }),
    isVerified: boolean('is_verified').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    favoriteGenres: text('favorite_genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who vouches for this person: the OpenID issuer and its subject identifier. */
    authIssuer: text('auth_issuer'),
    authSubject: text('auth_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('users_auth_identity_unique').on(t.authIssuer, t.authSubject),
    check('users_username_format', sql`${t.username} ~ '^[a-z0-9_-]{3,30}$'`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** Server-side sessions: the cookie carries only the signed sid. */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** Whose session this is, once signed in: their sessions can be listed and ended, and go with them. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_expire_idx').on(t.expire), index('session_user_idx').on(t.userId)],
);

export const concerts = pgTable(
  'concerts',
  {
    /** A uuid for our own concerts; `tm_<id>` / `sfm_<id>` for ones imported from providers. */
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    artist: text('artist').notNull(),
    venue: text('venue').notNull(),
    city: text('city').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    price: text('price'),
    genre: text('genre'),
    imageUrl: text('image_url'),
    ticketUrl: text('ticket_url'),
    description: text('description'),
    /** Lowercased artist, venue, city and genre: one trigram index serves partial search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(artist || ' ' || venue || ' ' || city || ' ' || coalesce(genre, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('concerts_date_artist_idx').on(t.date, t.artist, t.id),
    index('concerts_city_date_idx').on(t.city, t.date, t.artist),
    index('concerts_genre_date_idx').on(t.genre, t.date, t.artist),
    // City and genre together, the Discover filters: narrows a search's BitmapAnd to one pair.
    index('concerts_city_genre_date_idx').on(t.city, t.genre, t.date, t.artist, t.id),
    index('concerts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    concertId: text('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    overallRating: rating('overall_rating'),
    performanceRating: rating('performance_rating'),
    soundRating: rating('sound_rating'),
    venueRating: rating('venue_rating'),
    valueRating: rating('value_rating'),
    reviewText: text('review_text').notNull(),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kept in the same transaction as the review_like rows it counts. */
    likes: integer('likes').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reviews_user_concert_unique').on(t.userId, t.concertId),
    check('reviews_overall_rating_range', ratingInRange('overall_rating')),
    check('reviews_performance_rating_range', ratingInRange('performance_rating')),
    check('reviews_sound_rating_range', ratingInRange('sound_rating')),
    check('reviews_venue_rating_range', ratingInRange('venue_rating')),
    check('reviews_value_rating_range', ratingInRange('value_rating')),
    check('reviews_text_length', sql`char_length(${t.reviewText}) BETWEEN 10 AND 2000`),
    check('reviews_photos_count', sql`coalesce(array_length(${t.photos}, 1), 0) <= 5`),
    check('reviews_likes_non_negative', sql`${t.likes} >= 0`),
    // A concert's reviews newest first, ties by id: the LIMIT stops after one page. NULLS
    // FIRST is what ORDER BY ... DESC means; a NULLS LAST index cannot serve that order.
    index('reviews_concert_created_idx').on(
      t.concertId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('reviews_created_idx').on(t.createdAt.desc()),
    index('reviews_rating_created_idx').on(t.overallRating.desc(), t.createdAt.desc()),
  ],
);

export const reviewComments = pgTable(
  'review_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentText: text('comment_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('review_comments_text_length', sql`char_length(${t.commentText}) BETWEEN 1 AND 500`),
    index('review_comments_review_created_idx').on(t.reviewId, t.createdAt),
    index('review_comments_user_idx').on(t.userId),
  ],
);

export const userFollows = pgTable(
  'user_follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_follows_pair_unique').on(t.followerId, t.followingId),
    check('user_follows_not_self', sql`${t.followerId} <> ${t.followingId}`),
    index('user_follows_following_idx').on(t.followingId, t.createdAt.desc()),
    index('user_follows_follower_created_idx').on(t.followerId, t.createdAt.desc()),
  ],
);

export const concertWishlist = pgTable(
  'concert_wishlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    concertId: text('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('concert_wishlist_pair_unique').on(t.userId, t.concertId),
    // Newest saved first, ties by id (ORDER BY ... DESC, hence NULLS FIRST).
    index('concert_wishlist_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('concert_wishlist_concert_idx').on(t.concertId),
  ],
);

export const reviewLikes = pgTable(
  'review_likes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('review_likes_pair_unique').on(t.userId, t.reviewId),
    index('review_likes_review_idx').on(t.reviewId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 50 }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    relatedUserId: uuid('related_user_id').references(() => users.id, { onDelete: 'cascade' }),
    relatedReviewId: uuid('related_review_id').references(() => reviews.id, {
      onDelete: 'cascade',
    }),
    relatedConcertId: text('related_concert_id').references(() => concerts.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

export const artists = pgTable('artists', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  genres: text('genres')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  bio: text('bio'),
  imageUrl: text('image_url'),
  spotifyUrl: text('spotify_url'),
  website: text('website'),
  country: text('country'),
  isVerified: boolean('is_verified').notNull().default(false),
  followerCount: integer('follower_count').notNull().default(0),
  concertCount: integer('concert_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    country: text('country'),
    address: text('address'),
    capacity: integer('capacity'),
    type: varchar('type', { length: 50 }),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    website: text('website'),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('venues_name_city_unique').on(t.name, t.city)],
);

export const THEMES = ['light', 'dark', 'system'] as const;

export const userSettings = pgTable(
  'user_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    pushNotifications: boolean('push_notifications').notNull().default(true),
    newFollowerNotif: boolean('new_follower_notif').notNull().default(true),
    newReviewNotif: boolean('new_review_notif').notNull().default(true),
    newCommentNotif: boolean('new_comment_notif').notNull().default(true),
    newLikeNotif: boolean('new_like_notif').notNull().default(true),
    upcomingConcertReminders: boolean('upcoming_concert_reminders').notNull().default(true),
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    language: varchar('language', { length: 10 }).notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_settings_theme', sql`${t.theme} IN ('light', 'dark', 'system')`)],
);

export const setlists = pgTable('setlists', {
  id: uuid('id').primaryKey().defaultRandom(),
  concertId: text('concert_id')
    .notNull()
    .unique()
    .references(() => concerts.id, { onDelete: 'cascade' }),
  songs: text('songs')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  encoreSongs: text('encore_songs')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  notes: text('notes'),
  /** Where the setlist came from, e.g. its setlist.fm page. */
  source: text('source'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const artistFollows = pgTable(
  'artist_follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('artist_follows_pair_unique').on(t.userId, t.artistId),
    index('artist_follows_artist_idx').on(t.artistId),
  ],
);

/** Accounts of the embedded sign-in provider. Encore's `users` never see the password. */
export const localAccounts = pgTable('local_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }),
  createdAt: createdAt(),
});

/** State of the embedded OpenID provider: grants, sessions, codes, tokens. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Keys generated once and shared by every instance: signing keys, cookie keys. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * What the sign-in limits count, one row per key (an account and address together, an
 * address, ...): attempts in the current window, and how many windows in a row overflowed,
 * which makes the next window longer.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    strikes: integer('strikes').notNull().default(0),
  },
  (t) => [index('auth_throttles_window_ends_idx').on(t.windowEndsAt)],
);

/** One-time password reset links: only a hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => localAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_account_idx').on(t.accountId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);
