/**
 * Artist and venue pages (docs/product.md "Artist and venue pages"): who or where, the
 * averages of every aspect over their shows, how those moved month by month, and their
 * shows before and after today.
 */
import { z } from 'zod';
import { CITIES, GENRES } from '../limits.ts';
import { choiceParam, limitParam, text } from './common.ts';

/** A venue's best-rated shows have at least this many reviews: one 5 is not the room's best night. */
export const BEST_RATED_MIN_REVIEWS = 3;
/** An artist's most reviewed and a venue's best-rated lists hold this many shows. */
export const TOP_SHOWS_LIMIT = 5;
/** Months in an artist's or venue's trend, this one included. */
export const TREND_MONTHS = 12;

/** An artist's or a venue's id as it arrives in a path: anything not one of ours is a 404. */
export const catalogueIdParams = z.object({ id: text('id') });

/** The averages of each aspect over a set of shows' reviews; null ratings when nobody reviewed. */
export const aspectAveragesSchema = z
  .object({
    reviewCount: z.number().int(),
    overall: z.number().nullable(),
    performance: z.number().nullable(),
    sound: z.number().nullable(),
    venue: z.number().nullable(),
    value: z.number().nullable(),
  })
  .meta({ id: 'AspectAverages' });
export type AspectAverages = z.infer<typeof aspectAveragesSchema>;

/** All shows, and the shows of the last 12 months by concert date (up to today). */
export const averagesByPeriodSchema = z.object({
  allTime: aspectAveragesSchema,
  lastTwelveMonths: aspectAveragesSchema,
});

/** One calendar month (yyyy-MM) of the trend: the averages of that month's shows. */
export const trendMonthSchema = aspectAveragesSchema
  .extend({ month: z.string() })
  .meta({ id: 'TrendMonth' });
export type TrendMonth = z.infer<typeof trendMonthSchema>;

/** A show as artist and venue pages list it: where, when, and how it was rated. */
export const catalogueShowSchema = z
  .object({
    id: z.string(),
    artist: z.string(),
    artistId: z.string(),
    venue: z.string(),
    venueId: z.string(),
    city: z.string(),
    date: z.string(),
    time: z.string().nullable(),
    averageRating: z.number().nullable(),
    reviewCount: z.number().int(),
  })
  .meta({ id: 'CatalogueShow' });
export type CatalogueShow = z.infer<typeof catalogueShowSchema>;

const showsSchema = z.array(catalogueShowSchema);

/** A song of the artist's setlists and how many reviewers marked it a highlight. */
export const lovedSongSchema = z
  .object({ song: z.string(), highlights: z.number().int() })
  .meta({ id: 'LovedSong' });

export const artistPageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    genres: z.array(z.string()),
    bio: z.string().nullable(),
    imageUrl: z.string().nullable(),
    country: z.string().nullable(),
    website: z.string().nullable(),
    followerCount: z.number().int(),
    /** Whether the signed-in viewer follows the artist; false for a visitor. */
    isFollowing: z.boolean(),
    averages: averagesByPeriodSchema,
    /** The last 12 calendar months, oldest first, this month last. */
    trend: z.array(trendMonthSchema),
    /** The next shows, soonest first (today's included). */
    upcomingShows: showsSchema,
    /** The latest shows before today, newest first. */
    pastShows: showsSchema,
    /** The shows with the most reviews, then the newest. */
    mostReviewedShows: showsSchema,
    /** The songs reviewers marked most often across the artist's shows. */
    lovedSongs: z.array(lovedSongSchema),
  })
  .meta({ id: 'ArtistPage' });
export type ArtistPage = z.infer<typeof artistPageSchema>;

export const venuePageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    address: z.string().nullable(),
    capacity: z.number().int().nullable(),
    type: z.string().nullable(),
    amenities: z.array(z.string()),
    imageUrl: z.string().nullable(),
    website: z.string().nullable(),
    averages: averagesByPeriodSchema,
    /** The last 12 calendar months, oldest first: how the room's sound and value moved. */
    trend: z.array(trendMonthSchema),
    upcomingShows: showsSchema,
    pastShows: showsSchema,
    /** The best-rated shows held here, each with at least a few reviews. */
    bestRatedShows: showsSchema,
  })
  .meta({ id: 'VenuePage' });
export type VenuePage = z.infer<typeof venuePageSchema>;

/** POST and DELETE /api/artists/{id}/follow: the state after it. */
export const artistFollowStateSchema = z
  .object({ isFollowing: z.boolean(), followerCount: z.number().int() })
  .meta({ id: 'ArtistFollowState' });
export type ArtistFollowState = z.infer<typeof artistFollowStateSchema>;

/** GET /api/artists/suggestions: how many artists it gives at most, and when no limit is asked. */
export const ARTIST_SUGGESTIONS_MAX = 20;
export const ARTIST_SUGGESTIONS_DEFAULT = 8;

const citySlugs = CITIES.map((city) => city.slug) as [string, ...string[]];
const genreSlugs = GENRES.map((genre) => genre.slug) as [string, ...string[]];

/**
 * GET /api/artists/suggestions: one of Encore's cities (its slug; none for anywhere) and any
 * of its genres, comma-separated (none for every genre).
 */
export const artistSuggestionsQuerySchema = z.object({
  city: z.preprocess(
    (value) => (value === '' ? undefined : value),
    choiceParam('city', citySlugs).optional(),
  ),
  genres: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((genre) => genre.trim())
            .filter(Boolean)
        : value,
    z
      .array(choiceParam('genres', genreSlugs))
      .max(genreSlugs.length, `genres has at most ${genreSlugs.length} genres`)
      .default([]),
  ),
  limit: limitParam(ARTIST_SUGGESTIONS_MAX, ARTIST_SUGGESTIONS_DEFAULT),
});
export type ArtistSuggestionsQuery = z.infer<typeof artistSuggestionsQuerySchema>;

/** An artist suggested to follow: the most followed of the city's and genres' shows first. */
export const artistSuggestionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    genres: z.array(z.string()),
    imageUrl: z.string().nullable(),
    followerCount: z.number().int(),
    isFollowing: z.boolean(),
  })
  .meta({ id: 'ArtistSuggestion' });
export type ArtistSuggestion = z.infer<typeof artistSuggestionSchema>;
