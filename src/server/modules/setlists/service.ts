/**
 * Songs heard live: a concert's setlist, and the songs its reviewers marked as the show's
 * highlights (docs/product.md "Setlist and highlights").
 */
import type { ConcertSetlist, SetlistSong } from '#shared/schemas/setlists';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { resolveConcert } from '../concerts/index.ts';
import { selectSetlistWithCounts } from './queries.ts';

const withCounts = (titles: string[], counts: Record<string, number>): SetlistSong[] =>
  titles.map((title) => ({ title, highlights: counts[title] ?? 0 }));

/**
 * GET /api/concerts/{id}/setlist. A setlist.fm concert not stored yet answers the setlist
 * its provider holds, which nobody has marked; 404 when there is no such concert.
 */
export async function getConcertSetlist(
  ctx: ServiceContext,
  concertId: string,
): Promise<ConcertSetlist> {
  const row = await selectSetlistWithCounts(ctx.db, concertId, ctx.viewerId);
  if (row) {
    return {
      setlist: {
        songs: withCounts(row.songs, row.counts),
        encoreSongs: withCounts(row.encore_songs, row.counts),
        source: row.source,
      },
    };
  }
  const concert = await resolveConcert(ctx, concertId);
  const pending = concert.pending?.setlist;
  if (!pending) return { setlist: null };
  return {
    setlist: {
      songs: withCounts(pending.songs, {}),
      encoreSongs: withCounts(pending.encoreSongs, {}),
      source: pending.source ?? null,
    },
  };
}
