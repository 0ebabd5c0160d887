/**
 * The historical concert search behind the review dialog: setlist.fm when it is on,
 * else (and whenever it fails) the past concerts of our own catalogue.
 */
import type { HistoricalConcert } from '#shared/schemas/concerts';
import { selectGenresOfArtists } from '../concerts/index.ts';
import { todayIso } from '#server/lib/dates.ts';
import { logProviderFailure } from '#server/lib/log.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { selectPastConcertsByArtist } from './queries.ts';

/** Concerts before today whose artist contains `artistName`, newest first. */
export async function searchHistoricalConcerts(
  ctx: ServiceContext,
  artistName: string,
  limit: number,
): Promise<HistoricalConcert[]> {
  const today = todayIso();
  const setlistfm = ctx.providers.setlistfm;
  if (setlistfm) {
    try {
      const found = (await setlistfm.searchSetlists(artistName))
        .map((setlist) => setlist.concert)
        .filter((concert) => concert.date < today)
        .slice(0, limit);
      // setlist.fm knows no genres; our catalogue may know the artist's.
      const genres = await selectGenresOfArtists(
        ctx.db,
        found.map((c) => c.artist),
      );
      return found.map((c) => ({
        id: c.id,
        artist: c.artist,
        venue: c.venue,
        city: c.city,
        date: c.date,
        genre: genres.get(c.artist.toLowerCase()) ?? null,
      }));
    } catch (error) {
      logProviderFailure(ctx.log, error, 'answering past concerts from our catalogue');
    }
  }
  return selectPastConcertsByArtist(ctx.db, artistName, today, limit);
}
