/** Concerts and what surrounds them: artists, venues, setlists, wishlists. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, rowId, textList } from './columns.ts';
import { userReference } from './users.ts';

/** A presale as a concert row keeps it. */
export interface StoredPresale {
  name: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

const ratingTotal = (name: string) =>
  numeric(name, { precision: 12, scale: 1, mode: 'number' }).notNull().default(0);

/** A column the concert_links trigger fills: no default of its own in the database. */
const setByTrigger = sql`null`;

export const concerts = pgTable(
  'concerts',
  {
    /** A uuid for our own concerts; `tm_<id>` / `sfm_<id>` for ones imported from providers. */
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    artist: text('artist').notNull(),
    venue: text('venue').notNull(),
    /**
     * The artist and venue rows the names stand for, set by a trigger (concert_links) from
     * `artist`, `venue` and `city`, which adds the rows when they are new. An insert leaves
     * them out (DEFAULT, which the trigger replaces).
     */
    artistId: uuid('artist_id')
      .notNull()
      .default(setByTrigger)
      .references((): AnyPgColumn => artists.id),
    venueId: uuid('venue_id')
      .notNull()
      .default(setByTrigger)
      .references((): AnyPgColumn => venues.id),
    city: text('city').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    /**
     * When the show starts, an instant; null while its time is to be announced (or only its
     * date is known). `date` stays the local date at the venue, which lists and indexes use.
     */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }),
    /** The venue's IANA time zone (e.g. America/Chicago), null when unknown. */
    timeZone: text('time_zone'),
    /** When the public sale opens (Ticketmaster's sales.public.startDateTime); null when unknown. */
    onSaleAt: timestamp('on_sale_at', { withTimezone: true, mode: 'string' }),
    /** Presales, as Ticketmaster names them: [{ name, startsAt, endsAt }] (ISO, UTC). */
    presales: jsonb('presales').$type<StoredPresale[]>().notNull().default([]),
    /**
     * The first opening of any sale (the public one or a presale), when tickets first go on
     * sale: what the on-sale alerts wait for. Written with on_sale_at and presales.
     */
    salesOpenAt: timestamp('sales_open_at', { withTimezone: true, mode: 'string' }),
    /** When the on-sale alerts of this show were made (once: the job takes it then). */
    saleAlertedAt: timestamp('sale_alerted_at', { withTimezone: true, mode: 'string' }),
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
    /** Artist, venue and city as search compares them (encore_fold, migration 0051). */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql`encore_fold(artist || ' ' || venue || ' ' || city)`),
    /**
     * How many reviews the concert has and the sum of their overall ratings, kept by a
     * trigger on reviews (concert_review_totals), so a page of concerts shows each one's
     * average without reading its reviews.
     */
    reviewsCount: integer('reviews_count').notNull().default(0),
    overallRatingTotal: ratingTotal('overall_rating_total'),
    /** The four aspects summed the same way, for artists' and venues' averages. */
    performanceRatingTotal: ratingTotal('performance_rating_total'),
    soundRatingTotal: ratingTotal('sound_rating_total'),
    venueRatingTotal: ratingTotal('venue_rating_total'),
    valueRatingTotal: ratingTotal('value_rating_total'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('concerts_reviews_count_non_negative', sql`${t.reviewsCount} >= 0`),
    check(
      'concerts_aspect_totals_non_negative',
      sql`${t.performanceRatingTotal} >= 0 AND ${t.soundRatingTotal} >= 0 AND ${t.venueRatingTotal} >= 0 AND ${t.valueRatingTotal} >= 0`,
    ),
    index('concerts_artist_date_idx').on(t.artistId, t.date, t.id),
    index('concerts_venue_date_idx').on(t.venueId, t.date, t.id),
    check('concerts_overall_rating_total_non_negative', sql`${t.overallRatingTotal} >= 0`),
    check('concerts_time_zone_not_empty', sql`${t.timeZone} <> ''`),
    index('concerts_date_artist_idx').on(t.date, t.artist, t.id),
    index('concerts_city_date_idx').on(t.city, t.date, t.artist),
    index('concerts_genre_date_idx').on(t.genre, t.date, t.artist),
    // City and genre together, the Discover filters: narrows a search's BitmapAnd to one pair.
    index('concerts_city_genre_date_idx').on(t.city, t.genre, t.date, t.artist, t.id),
    // Sales opening that have not alerted yet: the on-sale job reads the ones just opened.
    index('concerts_sales_open_idx')
      .on(t.salesOpenAt)
      .where(sql`${t.saleAlertedAt} IS NULL AND ${t.salesOpenAt} IS NOT NULL`),
    // Shows by their start: the reminders' job reads those starting within the next hours.
    index('concerts_starts_at_idx')
      .on(t.startsAt)
      .where(sql`${t.startsAt} IS NOT NULL`),
    index('concerts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('concerts_search_key_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
  ],
);

/** A concert's id in another table: its rows go when the concert does. */
export const concertReference = (column: string) =>
  text(column)
    .notNull()
    .references(() => concerts.id, { onDelete: 'cascade' });

export const artists = pgTable(
  'artists',
  {
    id: rowId(),
    name: text('name').notNull().unique(),
    genres: textList('genres'),
    bio: text('bio'),
    imageUrl: text('image_url'),
    spotifyUrl: text('spotify_url'),
    website: text('website'),
    country: text('country'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Kept by a trigger on artist_follows (artist_follows_count). */
    followerCount: integer('follower_count').notNull().default(0),
    concertCount: integer('concert_count').notNull().default(0),
    /** The name as search compares it (encore_fold, migration 0051): "Beyoncé" is "beyonce". */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql`encore_fold(name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('artists_search_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    // Followed artists, the most followed first: whose shows a provider refresh looks up.
    index('artists_followed_idx')
      .on(t.followerCount.desc(), t.name)
      .where(sql`${t.followerCount} > 0`),
  ],
);

export const venues = pgTable(
  'venues',
  {
    id: rowId(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    country: text('country'),
    address: text('address'),
    capacity: integer('capacity'),
    type: varchar('type', { length: 50 }),
    amenities: textList('amenities'),
    imageUrl: text('image_url'),
    website: text('website'),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    /** The venue's IANA time zone, known once: new concerts there take it. */
    timeZone: text('time_zone'),
    /** Where it is, when a provider says (setlist.fm's city coordinates). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Name and city as search compares them (encore_fold, migration 0051). */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(sql`encore_fold(name || ' ' || city)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('venues_search_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    unique('venues_name_city_unique').on(t.name, t.city),
    check('venues_time_zone_not_empty', sql`${t.timeZone} <> ''`),
  ],
);

export const setlists = pgTable('setlists', {
  id: rowId(),
  concertId: concertReference('concert_id').unique(),
  songs: textList('songs'),
  encoreSongs: textList('encore_songs'),
  notes: text('notes'),
  /** Where the setlist came from, e.g. its setlist.fm page. */
  source: text('source'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const concertWishlist = pgTable(
  'concert_wishlist',
  {
    id: rowId(),
    userId: userReference('user_id'),
    concertId: concertReference('concert_id'),
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

export const artistFollows = pgTable(
  'artist_follows',
  {
    id: rowId(),
    userId: userReference('user_id'),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('artist_follows_pair_unique').on(t.userId, t.artistId),
    index('artist_follows_artist_idx').on(t.artistId),
    // A person's followed artists: their calendar feed's optional shows.
    index('artist_follows_user_idx').on(t.userId),
  ],
);
