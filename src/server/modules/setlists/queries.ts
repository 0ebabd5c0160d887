/** Setlists and the songs reviewers marked as highlights. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { reviews, setlists } from '#server/db/schema.ts';
import { authorVisibleTo, type ViewerId } from '../users/index.ts';

type Db = Database | Tx;

/**
 * Whose highlights a viewer's counts take, wherever songs are counted (a concert's setlist,
 * an artist's songs loved live): those of reviews the viewer may see (users/visibility.ts),
 * so a count never tells of a review the viewer cannot read. `authorId` is the review's
 * `user_id`.
 */
export const highlightsCountFor = (viewerId: ViewerId, authorId: SQL): SQL =>
  authorVisibleTo(viewerId, authorId);

/** Every song of the concert's setlist, encore included; undefined when it has none. */
export async function selectSetlistSongs(db: Db, concertId: string) {
  const [row] = await db
    .select({ songs: setlists.songs, encoreSongs: setlists.encoreSongs })
    .from(setlists)
    .where(eq(setlists.concertId, concertId));
  return row && [...row.songs, ...row.encoreSongs];
}

interface SetlistRow {
  songs: string[];
  encore_songs: string[];
  source: string | null;
  /** Song title → how many reviewers the viewer may see marked it. */
  counts: Record<string, number>;
}

/**
 * The concert's setlist with how many reviewers marked each song: one aggregate over the
 * concert's reviews that marked any (reviews_concert_highlights_idx), counting only those
 * the viewer may see (highlightsCountFor).
 */
export async function selectSetlistWithCounts(
  db: Db,
  concertId: string,
  viewerId: string | undefined,
): Promise<SetlistRow | undefined> {
  const [row] = await executeRows<SetlistRow>(
    db,
    sql`SELECT s.songs, s.encore_songs, s.source,
               coalesce((
                 SELECT json_object_agg(marked.song, marked.n)
                   FROM (SELECT song, count(*)::int AS n
                           FROM ${reviews} r CROSS JOIN LATERAL unnest(r.highlights) AS song
                          WHERE r.concert_id = s.concert_id AND r.highlights <> '{}'::text[]
                            AND ${highlightsCountFor(viewerId, sql`r.user_id`)}
                          GROUP BY song) marked
               ), '{}'::json) AS counts
          FROM ${setlists} s WHERE s.concert_id = ${concertId}`,
  );
  return row;
}
