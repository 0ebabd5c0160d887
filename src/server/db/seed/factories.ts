/**
 * The one set of factories for the demo seed and the tests. `build*` return insert
 * objects with believable defaults (overrides win); `create*` insert one row through the
 * given database or transaction handle and return it, creating any parent rows that
 * were not given. Randomness comes from a seeded PRNG, so a run is reproducible; a
 * counter keeps e-mails and usernames unique across calls in one process.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { CITIES, RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX, type GenreSlug } from '#shared/limits';
import { zonedStart } from '#shared/show-time';
import type { Ratings } from '#shared/schemas/reviews';
import type { Database, Tx } from '../index.ts';
import { mediaOfPhotoUrls } from './photo-media.ts';
import { mulberry32 } from './mulberry32.mjs';
import * as schema from '../schema.ts';
import {
  ARTISTS,
  CLASSICAL_SNIPPETS,
  COMMENT_SNIPPETS,
  DEMO_ART,
  FIRST_NAMES,
  GENERIC_REVIEWS,
  GENRE_PITCH,
  GENRE_SLUGS,
  LAST_NAMES,
  REVIEW_SNIPPETS,
  VENUES,
  slugify,
  stateOf,
  type Aspect,
  type CatalogueArtist,
  type CatalogueVenue,
  type Tier,
} from './demo-catalogue.ts';

export type Db = Database | Tx;

export type NewUser = typeof schema.users.$inferInsert;
export type NewConcert = typeof schema.concerts.$inferInsert;
export type NewReview = typeof schema.reviews.$inferInsert;
export type NewComment = typeof schema.reviewComments.$inferInsert;
export type NewFollow = typeof schema.userFollows.$inferInsert;
export type NewLike = typeof schema.reviewLikes.$inferInsert;
export type NewWishlistEntry = typeof schema.concertWishlist.$inferInsert;
export type NewNotification = typeof schema.notifications.$inferInsert;

export type User = typeof schema.users.$inferSelect;
export type Concert = typeof schema.concerts.$inferSelect;
export type Review = typeof schema.reviews.$inferSelect;
export type Comment = typeof schema.reviewComments.$inferSelect;
export type Follow = typeof schema.userFollows.$inferSelect;
export type Like = typeof schema.reviewLikes.$inferSelect;
export type WishlistEntry = typeof schema.concertWishlist.$inferSelect;
export type Notification = typeof schema.notifications.$inferSelect;

// ---------------------------------------------------------------------------
// Randomness and small helpers

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array in random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items (fewer if there are not enough). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4 shaped UUID drawn from this generator, so seeded ids are reproducible. */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    sample: (items, count) => random.shuffle(items).slice(0, Math.max(0, count)),
    uuid: () => {
      const bytes = Array.from({ length: 16 }, () => Math.floor(next() * 256));
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
  return random;
}

const DEFAULT_SEED = 20_240_601;
let factoryRandom = createRandom(DEFAULT_SEED);
let sequence = 0;

/**
 * Restarts the factories' PRNG (and, if asked, the uniqueness counter). Resetting the
 * counter is only safe on an empty database: it makes the next e-mails repeat.
 */
export function resetFactories(options: { seed?: number; resetSequence?: boolean } = {}): void {
  factoryRandom = createRandom(options.seed ?? DEFAULT_SEED);
  if (options.resetSequence) sequence = 0;
}

function nextSequence(): number {
  sequence += 1;
  return sequence;
}

/** 'yyyy-MM-dd' of a Date, read in UTC. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** The 'yyyy-MM-dd' date `days` from `today` (negative for the past). */
export function daysFromToday(days: number, today: Date = new Date()): string {
  return toIsoDate(addDays(today, days));
}

/** Rounds to the nearest half star and clamps to 1..5. */
export function halfStep(value: number): number {
  const rounded = Math.round(value * 2) / 2;
  return Math.min(RATING_MAX, Math.max(RATING_MIN, rounded));
}

export function ratingTier(rating: number): Tier {
  if (rating >= 4) return 'high';
  if (rating >= 3) return 'mid';
  return 'low';
}

/**
 * Four sub-ratings scattered around `quality`, and an overall that follows them
 * (performance weighs most) with a little personal noise, all in half steps.
 */
export function buildRatings(
  quality: number,
  rand: Random = factoryRandom,
  bias: { venue?: number; value?: number } = {},
): Ratings {
  const aspect = (offset = 0) => halfStep(quality + offset + rand.float(-0.75, 0.75));
  const performanceRating = aspect(0.15);
  const soundRating = aspect();
  const venueRating = aspect(bias.venue ?? 0);
  const valueRating = aspect(bias.value ?? 0);
  const weighted =
    0.45 * performanceRating + 0.2 * soundRating + 0.15 * venueRating + 0.2 * valueRating;
  const overallRating = halfStep(weighted + rand.float(-0.3, 0.3));
  return { overallRating, performanceRating, soundRating, venueRating, valueRating };
}

export interface ReviewContext {
  artist: string;
  venue: string;
  city: string;
  song: string;
  /** Picks the vocabulary: a string quartet is not reviewed like a rap show. */
  genre?: string | null;
}

function fill(template: string, context: Partial<ReviewContext>): string {
  return template.replace(
    /\{(artist|venue|city|song)\}/g,
    (match, key: 'artist' | 'venue' | 'city' | 'song') => context[key] ?? match,
  );
}

/**
 * A review that reads like a fan wrote it: an opener and closer matching the overall
 * rating and sentences about the aspects, each matching its own sub-rating.
 */
export function writeReviewText(
  ratings: Ratings,
  context: ReviewContext,
  rand: Random = factoryRandom,
): string {
  const pool = (aspect: Aspect) =>
    (context.genre === 'classical' ? CLASSICAL_SNIPPETS[aspect] : undefined) ??
    REVIEW_SNIPPETS[aspect];
  const line = (aspect: Aspect, rating: number) =>
    fill(rand.pick(pool(aspect)[ratingTier(rating)]), context);
  const sentences = [
    line('opener', ratings.overallRating),
    line('performance', ratings.performanceRating),
  ];
  const optional: [Aspect, number][] = rand.shuffle([
    ['sound', ratings.soundRating],
    ['venue', ratings.venueRating],
    ['value', ratings.valueRating],
  ] as [Aspect, number][]);
  const kept = optional.slice(0, rand.int(2, 3));
  // Keep the aspects in a natural reading order.
  const order: Aspect[] = ['sound', 'venue', 'value'];
  kept.sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0]));
  for (const [aspect, rating] of kept) sentences.push(line(aspect, rating));
  if (rand.chance(0.8)) sentences.push(line('closer', ratings.overallRating));
  return sentences.join(' ').slice(0, REVIEW_TEXT_MAX);
}

export function writeCommentText(context: ReviewContext, rand: Random = factoryRandom): string {
  return fill(rand.pick(COMMENT_SNIPPETS), context);
}

/** A ticket price that fits the room: '$25', '$35 - $120', or null when not announced. */
export function priceFor(
  venue: Pick<CatalogueVenue, 'type' | 'capacity'>,
  rand: Random = factoryRandom,
): string | null {
  if (rand.chance(0.1)) return null;
  const round5 = (n: number) => Math.max(5, Math.round(n / 5) * 5);
  const base =
    venue.type === 'jazz club'
      ? rand.float(25, 45)
      : venue.type === 'concert hall'
        ? rand.float(35, 60)
        : venue.capacity >= 5000
          ? rand.float(45, 75)
          : venue.capacity >= 1000
            ? rand.float(35, 55)
            : rand.float(18, 35);
  const low = round5(base);
  const small = venue.capacity < 1000;
  if (small && rand.chance(0.6)) return `$${low}`;
  const high = round5(low * (small ? rand.float(1.4, 2) : rand.float(1.6, 2.6)));
  return `$${low} - $${high}`;
}

export function timeFor(genre: GenreSlug, rand: Random = factoryRandom): string {
  switch (genre) {
    case 'classical':
      return rand.pick(['7:30 PM', '7:30 PM', '8:00 PM', '3:00 PM']);
    case 'jazz':
      return rand.pick(['7:00 PM', '7:30 PM', '9:30 PM']);
    case 'electronic':
      return rand.pick(['9:00 PM', '10:00 PM', '10:30 PM']);
    default:
      return rand.pick(['7:00 PM', '7:30 PM', '8:00 PM', '8:00 PM', '8:30 PM', '9:00 PM']);
  }
}

export function ticketUrlFor(artist: string, city: string, date: string): string {
  return `https://tickets.example.com/events/${slugify(artist)}-${slugify(city)}-${date.replaceAll('-', '')}`;
}

export function describeConcert(
  artist: CatalogueArtist,
  venue: CatalogueVenue,
  rand: Random = factoryRandom,
): string {
  return `${artist.bio} The tour stops at ${venue.name}, ${venue.blurb}. ${rand.pick(GENRE_PITCH[artist.genre])}`;
}

/** Venues in a city that usually book the genre, else any venue in the city. */
export function venuesFor(city: string, genre: GenreSlug): CatalogueVenue[] {
  const inCity = VENUES.filter((v) => v.city === city);
  const suited = inCity.filter((v) => v.books.includes(genre));
  return suited.length > 0 ? suited : inCity;
}

// ---------------------------------------------------------------------------
// Builders

export function buildUser(overrides: Partial<NewUser> = {}, rand: Random = factoryRandom): NewUser {
  const n = nextSequence();
  const firstName = rand.pick(FIRST_NAMES);
  const lastName = rand.pick(LAST_NAMES);
  const username = `${firstName}_${lastName}_${n}`.toLowerCase().slice(0, 30);
  const city = rand.pick(VENUES).city;
  return {
    email: `${username}@example.com`,
    username,
    firstName,
    lastName,
    profileImageUrl: rand.chance(0.5) ? rand.pick(DEMO_ART.avatars) : null,
    bio: `Live music fan from ${city}.`,
    location: `${city}, ${stateOf(city)}`,
    favoriteGenres: rand.sample(GENRE_SLUGS, rand.int(1, 3)),
    authIssuer: null,
    authSubject: null,
    ...overrides,
  };
}

/**
 * A concert by a catalogue artist at a venue that suits them. The default date is
 * upcoming (7 to 120 days from now); pass `date` for a past one. Upcoming concerts get
 * a ticket link, past ones none, unless `ticketUrl` is given.
 */
export function buildConcert(
  overrides: Partial<NewConcert> = {},
  rand: Random = factoryRandom,
): NewConcert {
  const artist = ARTISTS.find((a) => a.name === overrides.artist) ?? rand.pick(ARTISTS);
  const city = overrides.city ?? rand.pick(VENUES).city;
  const genre = overrides.genre ?? artist.genre;
  // Art and wording follow a known genre; an unknown one borrows the artist's.
  const style = GENRE_SLUGS.includes(genre as GenreSlug) ? (genre as GenreSlug) : artist.genre;
  const candidates = venuesFor(city, style);
  const venue = rand.pick(candidates.length > 0 ? candidates : VENUES);
  const date = overrides.date ?? daysFromToday(rand.int(7, 120));
  const artistName = overrides.artist ?? artist.name;
  const upcoming = date >= toIsoDate(new Date());
  const description =
    artistName === artist.name
      ? describeConcert(artist, venue, rand)
      : `${artistName} plays ${venue.name}, ${venue.blurb}. ${rand.pick(GENRE_PITCH[style])}`;
  const time = 'time' in overrides ? (overrides.time ?? null) : timeFor(style, rand);
  const timeZone = 'timeZone' in overrides ? (overrides.timeZone ?? null) : timeZoneOfCity(city);
  return {
    artist: artistName,
    venue: venue.name,
    city,
    date,
    time,
    // The start on the venue's clock; pass startsAt (null: to be announced) to choose.
    startsAt: zonedStart(date, time, timeZone),
    timeZone,
    price: priceFor(venue, rand),
    genre,
    imageUrl: DEMO_ART.poster(style, rand.chance(0.5) ? 1 : 2),
    ticketUrl: upcoming ? ticketUrlFor(artistName, city, date) : null,
    description,
    ...overrides,
  };
}

/** The IANA zone of one of our cities (the demo's venues are all in them), else null. */
export function timeZoneOfCity(city: string): string | null {
  return CITIES.find((c) => c.name.toLowerCase() === city.trim().toLowerCase())?.timeZone ?? null;
}

export function buildReview(
  overrides: Partial<NewReview> & Pick<NewReview, 'userId' | 'concertId'>,
  rand: Random = factoryRandom,
): NewReview {
  return {
    ...buildRatings(rand.float(3.4, 4.8), rand),
    reviewText: rand.pick(GENERIC_REVIEWS),
    ...overrides,
    photos: overrides.photos ?? [],
    media: overrides.media ?? mediaOfPhotoUrls(overrides.photos ?? []),
  };
}

export function buildComment(
  overrides: Partial<NewComment> & Pick<NewComment, 'reviewId' | 'userId'>,
  rand: Random = factoryRandom,
): NewComment {
  const artist = rand.pick(ARTISTS);
  const venue = rand.pick(VENUES);
  return {
    commentText: writeCommentText(
      { artist: artist.name, venue: venue.name, city: venue.city, song: rand.pick(artist.songs) },
      rand,
    ),
    ...overrides,
  };
}

// ---------------------------------------------------------------------------
// Insert helpers

/** Inserts one row into `table` and returns it as stored. */
async function insertOne<T extends PgTable>(
  db: Db,
  table: T,
  values: PgInsertValue<T>,
  what: string,
): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  if (!row) throw new Error(`inserting ${what} returned no row`);
  return row;
}

export async function createUser(db: Db, overrides: Partial<NewUser> = {}): Promise<User> {
  return insertOne(db, schema.users, buildUser(overrides), 'a user');
}

export async function createConcert(db: Db, overrides: Partial<NewConcert> = {}): Promise<Concert> {
  return insertOne(db, schema.concerts, buildConcert(overrides), 'a concert');
}

/** A review; without `userId` / `concertId` it makes a new user and a past concert. */
/**
 * Timeline entries for follows and reviews made here rather than through the API, as the
 * fan-out and follow jobs would have written them: one for each follower of each review's
 * author that `where` picks (`f` is the follow, `r` the review).
 */
export async function addTimelineEntries(db: Db, where: SQL = sql`true`): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${schema.timelineEntries} (user_id, review_id, created_at)
    SELECT f.follower_id, r.id, r.created_at
      FROM ${schema.userFollows} f JOIN ${schema.reviews} r ON r.user_id = f.following_id
     WHERE ${where}
    ON CONFLICT DO NOTHING`);
}

/** A review, already in its author's followers' timelines, its show marked attended. */
export async function createReview(db: Db, overrides: Partial<NewReview> = {}): Promise<Review> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const concertId =
    overrides.concertId ??
    (await createConcert(db, { date: daysFromToday(-factoryRandom.int(3, 90)) })).id;
  const review = await insertOne(
    db,
    schema.reviews,
    buildReview({ ...overrides, userId, concertId }),
    'a review',
  );
  await addTimelineEntries(db, sql`r.id = ${review.id}`);
  // As the API does: a review marks its show "I was there".
  await db.execute(sql`
    INSERT INTO ${schema.attendance} (user_id, concert_id, status, concert_date)
    SELECT ${review.userId}, c.id, 'attended', c.date FROM ${schema.concerts} c
     WHERE c.id = ${review.concertId}
    ON CONFLICT (user_id, concert_id) DO UPDATE SET status = 'attended'`);
  return review;
}

export async function createComment(db: Db, overrides: Partial<NewComment> = {}): Promise<Comment> {
  const reviewId = overrides.reviewId ?? (await createReview(db)).id;
  const userId = overrides.userId ?? (await createUser(db)).id;
  return insertOne(
    db,
    schema.reviewComments,
    buildComment({ ...overrides, reviewId, userId }),
    'a comment',
  );
}

/** A follow, with the followed person's reviews already in the follower's timeline. */
export async function createFollow(db: Db, overrides: Partial<NewFollow> = {}): Promise<Follow> {
  const followerId = overrides.followerId ?? (await createUser(db)).id;
  const followingId = overrides.followingId ?? (await createUser(db)).id;
  const follow = await insertOne(
    db,
    schema.userFollows,
    { ...overrides, followerId, followingId },
    'a follow',
  );
  await addTimelineEntries(db, sql`f.id = ${follow.id}`);
  return follow;
}

/**
 * A like, and the review's `likes` counter bumped in the same transaction (a savepoint
 * when `db` is already a transaction), so the counter always equals the like rows.
 */
export async function createLike(db: Db, overrides: Partial<NewLike> = {}): Promise<Like> {
  const reviewId = overrides.reviewId ?? (await createReview(db)).id;
  const userId = overrides.userId ?? (await createUser(db)).id;
  return db.transaction(async (tx) => {
    const like = await insertOne(
      tx,
      schema.reviewLikes,
      { ...overrides, reviewId, userId },
      'a like',
    );
    await tx
      .update(schema.reviews)
      .set({
        likes: sql`${schema.reviews.likes} + 1`,
        updatedAt: sql`${schema.reviews.updatedAt}`,
      })
      .where(eq(schema.reviews.id, reviewId));
    return like;
  });
}

export async function createWishlistEntry(
  db: Db,
  overrides: Partial<NewWishlistEntry> = {},
): Promise<WishlistEntry> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const concertId = overrides.concertId ?? (await createConcert(db)).id;
  return insertOne(
    db,
    schema.concertWishlist,
    { ...overrides, userId, concertId },
    'a wishlist entry',
  );
}

/** A notification; the default is an unread "new follower" one from a new user. */
export async function createNotification(
  db: Db,
  overrides: Partial<NewNotification> = {},
): Promise<Notification> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  let relatedUserId = overrides.relatedUserId;
  let link = overrides.link;
  if (relatedUserId === undefined && overrides.type === undefined) {
    const follower = await createUser(db);
    relatedUserId = follower.id;
    link ??= `/users/${follower.username}`;
  }
  return insertOne(
    db,
    schema.notifications,
    {
      type: 'new_follower',
      ...overrides,
      userId,
      relatedUserId: relatedUserId ?? null,
      link: link ?? null,
    },
    'a notification',
  );
}
