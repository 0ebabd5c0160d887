import { z } from 'zod';

/** A setlist song and how many reviewers marked it as a highlight of the show. */
export const setlistSongSchema = z
  .object({ title: z.string(), highlights: z.number().int() })
  .meta({ id: 'SetlistSong' });
export type SetlistSong = z.infer<typeof setlistSongSchema>;

/** GET /api/concerts/{id}/setlist: the songs in order, then the encore; null without one. */
export const concertSetlistSchema = z
  .object({
    setlist: z
      .object({
        songs: z.array(setlistSongSchema),
        encoreSongs: z.array(setlistSongSchema),
        /** Where the setlist came from, e.g. its setlist.fm page. */
        source: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'ConcertSetlist' });
export type ConcertSetlist = z.infer<typeof concertSetlistSchema>;
