import { z } from 'zod';
import { ticketSchema } from './attendance.ts';
import { limitParam, text } from './common.ts';
import { concertIdText } from './concerts.ts';

/** How many shows one page of a diary holds, and at most. */
export const DIARY_PAGE_SIZE = 50;
export const DIARY_PAGE_MAX = 200;
/** How many past "Going" marks "Did you go?" lists at once. */
export const DID_YOU_GO_MAX = 50;
/** How many songs "Songs heard live" names with their counts. */
export const TOP_SONGS_MAX = 10;
/** How long a diary filter (artist, venue, city) may be. */
export const DIARY_FILTER_MAX = 100;

const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const filterText = (name: string) =>
  z.preprocess(
    blankAsUnset,
    text(name)
      .trim()
      .max(DIARY_FILTER_MAX, `${name} is at most ${DIARY_FILTER_MAX} characters`)
      .optional(),
  );

/**
 * GET /api/users/{me|id}/diary: a page of the shows a person was at, newest first, after
 * `before` (the concert id of the last show of the previous page); `year` keeps one year,
 * `artist`, `venue` and `city` the shows whose names contain them (any case).
 */
export const diaryQuerySchema = z.object({
  limit: limitParam(DIARY_PAGE_MAX, DIARY_PAGE_SIZE),
  before: z.preprocess(blankAsUnset, concertIdText('before').optional()),
  year: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: 'year must be a number' })
      .int('year must be a whole number')
      .min(1900, 'year must be from 1900 to 2199')
      .max(2199, 'year must be from 1900 to 2199')
      .optional(),
  ),
  artist: filterText('artist'),
  venue: filterText('venue'),
  city: filterText('city'),
});
export type DiaryQuery = z.infer<typeof diaryQuerySchema>;

/** One show of a diary. `id` is the concert's id; `reviewId` and `rating` only in one's own. */
export const diaryShowSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    artist: z.string(),
    venue: z.string(),
    city: z.string(),
    country: z.string().nullable(),
    reviewed: z.boolean(),
    reviewId: z.string().nullable(),
    rating: z.number().nullable(),
  })
  .meta({ id: 'DiaryShow' });
export type DiaryShow = z.infer<typeof diaryShowSchema>;

/**
 * A page of a diary: the shows, and on the first page of one's own diary "Did you go?",
 * one's "Going" marks on shows whose day has passed (empty otherwise).
 */
export const diaryPageSchema = z
  .object({
    shows: z.array(diaryShowSchema),
    didYouGo: z.array(diaryShowSchema),
  })
  .meta({ id: 'DiaryPage' });
export type DiaryPage = z.infer<typeof diaryPageSchema>;

/**
 * One show of one's own diary (GET /api/users/me/diary): with one's ticket details, null when
 * none. Nobody else's answer has the field.
 */
export const ownDiaryShowSchema = diaryShowSchema
  .extend({ ticket: ticketSchema.nullable() })
  .meta({ id: 'OwnDiaryShow' });
export type OwnDiaryShow = z.infer<typeof ownDiaryShowSchema>;

/** One's own diary page: the same lists, each show with one's ticket details. */
export const ownDiaryPageSchema = z
  .object({
    shows: z.array(ownDiaryShowSchema),
    didYouGo: z.array(ownDiaryShowSchema),
  })
  .meta({ id: 'OwnDiaryPage' });
export type OwnDiaryPage = z.infer<typeof ownDiaryPageSchema>;

const countedName = z.object({ name: z.string(), count: z.number().int() });

/** GET /api/users/{me|id}/diary/stats: the numbers of the shows a person was at. */
export const diaryStatsSchema = z
  .object({
    shows: z.number().int(),
    artists: z.number().int(),
    venues: z.number().int(),
    cities: z.number().int(),
    countries: z.number().int(),
    songsHeardLive: z.number().int(),
    mostSeenArtist: countedName.nullable(),
    mostVisitedVenue: countedName.extend({ city: z.string() }).nullable(),
    firstShow: z
      .object({
        id: z.string(),
        date: z.string(),
        artist: z.string(),
        venue: z.string(),
        city: z.string(),
      })
      .nullable(),
    perYear: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
    topSongs: z.array(z.object({ song: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'DiaryStats' });
export type DiaryStats = z.infer<typeof diaryStatsSchema>;
