/**
 * Past concerts from our own catalogue for the historical search. The trigram index on
 * search_text finds the candidates; the artist itself must match.
 */
import { and, desc, lt, sql } from 'drizzle-orm';
import type { HistoricalConcert } from '#shared/schemas/concerts';
import type { Database } from '#server/db/index.ts';
import { concerts } from '#server/db/schema.ts';
import { concertSummaryColumns, searchPattern } from '../concerts/index.ts';

export function buildPastConcertsByArtistQuery(
  db: Database,
  artistName: string,
  today: string,
  limit: number,
) {
  const pattern = searchPattern(artistName);
  return db
    .select(concertSummaryColumns)
    .from(concerts)
    .where(
      and(
        // search_text is lowercased: LIKE on the lowercased pattern lets the trigram index find candidates.
        sql`${concerts.searchText} LIKE lower(${pattern})`,
        sql`${concerts.artist} ILIKE ${pattern}`,
        lt(concerts.date, today),
      ),
    )
    .orderBy(desc(concerts.date), concerts.artist, concerts.id)
    .limit(limit);
}

export async function selectPastConcertsByArtist(
  db: Database,
  artistName: string,
  today: string,
  limit: number,
): Promise<HistoricalConcert[]> {
  return buildPastConcertsByArtistQuery(db, artistName, today, limit);
}
