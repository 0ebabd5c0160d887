/**
 * Imports' rows, and the set-based statements that carry an import's shows into a diary:
 * a CSV file's rows matched to concerts (or added as concerts) and marked in one pass of
 * a few statements, and a setlist.fm page's concerts, setlists and marks in a few more.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { executeRows } from '#server/db/index.ts';
import {
  attendance,
  concerts,
  diaryImports,
  setlists,
  type ImportCsvRow,
} from '#server/db/schema.ts';
import type { ProviderConcert } from '#server/integrations/provider-kit.ts';
import { providerConcertRow, rememberVenueLocations } from '../concerts/index.ts';

type Db = Database | Tx;

export type ImportRow = typeof diaryImports.$inferSelect;
export type NewImport = typeof diaryImports.$inferInsert;
/** An import as its owner reads it: everything but the rows its job keeps. */
export type ImportSummary = Omit<ImportRow, 'rows'>;

const summaryColumns = {
  id: diaryImports.id,
  userId: diaryImports.userId,
  source: diaryImports.source,
  label: diaryImports.label,
  status: diaryImports.status,
  total: diaryImports.total,
  processed: diaryImports.processed,
  alreadyInDiary: diaryImports.alreadyInDiary,
  nextPage: diaryImports.nextPage,
  refused: diaryImports.refused,
  message: diaryImports.message,
  createdAt: diaryImports.createdAt,
  updatedAt: diaryImports.updatedAt,
  finishedAt: diaryImports.finishedAt,
};

const active = sql`${diaryImports.status} IN ('queued', 'running')`;

/**
 * Fails the person's import that is queued or running but has not moved since `staleAfter`
 * (a PostgreSQL interval): its job is gone, and it must not hold their next one back.
 */
export async function failStaleImport(
  tx: Tx,
  userId: string,
  staleAfter: string,
  message: string,
): Promise<void> {
  await tx
    .update(diaryImports)
    .set({ status: 'failed', message, finishedAt: sql`now()` })
    .where(
      and(
        eq(diaryImports.userId, userId),
        active,
        sql`${diaryImports.updatedAt} < now() - ${staleAfter}::interval`,
      ),
    );
}

/** The new import; a unique violation (23505) when the person has one queued or running. */
export async function insertImport(tx: Tx, values: NewImport): Promise<ImportSummary> {
  const [row] = await tx.insert(diaryImports).values(values).returning(summaryColumns);
  if (!row) throw new Error('insert into diary_imports returned no row');
  return row;
}

export async function selectOwnImport(
  db: Db,
  userId: string,
  id: string,
): Promise<ImportSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(diaryImports)
    .where(and(eq(diaryImports.id, id), eq(diaryImports.userId, userId)));
  return row;
}

/** The person's latest imports, newest first (diary_imports_user_created_idx). */
export async function selectOwnImports(
  db: Db,
  userId: string,
  limit: number,
): Promise<ImportSummary[]> {
  return db
    .select(summaryColumns)
    .from(diaryImports)
    .where(eq(diaryImports.userId, userId))
    .orderBy(desc(diaryImports.createdAt), desc(diaryImports.id))
    .limit(limit);
}

/**
 * The import while it is queued or running, locked until the transaction ends: whoever
 * holds it may do its next step. Undefined when it is over (or gone), or when `page` is
 * given and another run already did that page.
 */
export async function lockActiveImport(
  tx: Tx,
  id: string,
  page?: number,
): Promise<ImportSummary | undefined> {
  const [row] = await tx
    .select(summaryColumns)
    .from(diaryImports)
    .where(
      and(
        eq(diaryImports.id, id),
        active,
        page === undefined ? undefined : eq(diaryImports.nextPage, page),
      ),
    )
    .for('update');
  return row;
}

/** Marks a queued import running (its job has started); undefined when it is not active. */
export async function markRunning(db: Db, id: string): Promise<ImportSummary | undefined> {
  const [row] = await db
    .update(diaryImports)
    .set({ status: 'running' })
    .where(and(eq(diaryImports.id, id), active))
    .returning(summaryColumns);
  return row;
}

/** Adds a step's counts to the import, and ends it when `done`. */
export async function advanceImport(
  tx: Tx,
  id: string,
  step: {
    processed: number;
    alreadyInDiary: number;
    total?: number;
    nextPage?: number;
    done: boolean;
  },
): Promise<void> {
  await tx
    .update(diaryImports)
    .set({
      processed: sql`${diaryImports.processed} + ${step.processed}`,
      alreadyInDiary: sql`${diaryImports.alreadyInDiary} + ${step.alreadyInDiary}`,
      ...(step.total === undefined ? {} : { total: step.total }),
      ...(step.nextPage === undefined ? {} : { nextPage: step.nextPage }),
      ...(step.done ? { status: 'done' as const, finishedAt: sql`now()`, rows: null } : {}),
    })
    .where(eq(diaryImports.id, id));
}

/** Ends an active import as failed, saying why. */
export async function failImport(db: Db, id: string, message: string): Promise<void> {
  await db
    .update(diaryImports)
    .set({ status: 'failed', message, finishedAt: sql`now()`, rows: null })
    .where(and(eq(diaryImports.id, id), active));
}

// ---------------------------------------------------------------------------------------
// CSV rows

/** The rows as a relation: from JSON text (a preview) or from the import's own column (the job). */
function rowsFrom(source: SQL): SQL {
  return sql`SELECT * FROM jsonb_to_recordset(${source}) AS r(
    line int, date date, artist text, venue text, city text, country text, "setlistFmId" text)`;
}

const rowsOfImport = (importId: string) =>
  rowsFrom(
    sql`(SELECT ${diaryImports.rows} FROM ${diaryImports} WHERE ${diaryImports.id} = ${importId})`,
  );

/**
 * Each row with the concert it names, or null: `sfm_<setlist_fm_id>` when Encore holds it,
 * else a concert of the same day whose artist, venue and city match the row's, whatever
 * their case.
 */
function matchedRows(rows: SQL): SQL {
  return sql`SELECT r.*, coalesce(s.id, m.id) AS concert_id
    FROM (${rows}) r
    LEFT JOIN ${concerts} s ON r."setlistFmId" IS NOT NULL AND s.id = 'sfm_' || r."setlistFmId"
    LEFT JOIN LATERAL (
      SELECT c.id FROM ${concerts} c
       WHERE c.date = r.date AND lower(c.artist) = lower(r.artist)
         AND lower(c.venue) = lower(r.venue) AND lower(c.city) = lower(r.city)
       ORDER BY c.id LIMIT 1
    ) m ON s.id IS NULL`;
}

/** How many of the rows (as JSON) name a concert Encore holds. */
export async function countMatchedRows(db: Db, rows: readonly ImportCsvRow[]): Promise<number> {
  const [row] = await executeRows<{ matched: number }>(
    db,
    sql`SELECT count(concert_id)::int AS matched
          FROM (${matchedRows(rowsFrom(sql`${JSON.stringify(rows)}::jsonb`))}) x`,
  );
  return Number(row?.matched ?? 0);
}

/**
 * Adds the concerts the import's rows name that Encore does not hold, as past concerts: by
 * the artist's and venue's names as the catalogue spells them when it has them, so they
 * join those pages (the concert_links trigger adds the artist and venue rows it lacks).
 * Returns their ids.
 */
export async function insertMissingConcerts(tx: Tx, importId: string): Promise<string[]> {
  const added = await executeRows<{ id: string }>(
    tx,
    sql`WITH missing AS (
          SELECT DISTINCT ON (r.date, lower(r.artist), lower(r.venue), lower(r.city))
                 r.date, r.artist, r.venue, r.city
            FROM (${matchedRows(rowsOfImport(importId))}) r
           WHERE r.concert_id IS NULL
           ORDER BY r.date, lower(r.artist), lower(r.venue), lower(r.city), r.line
        ),
        known_artists AS (
          SELECT DISTINCT ON (lower(name)) lower(name) AS key, name
            FROM artists WHERE lower(name) IN (SELECT lower(artist) FROM missing)
           ORDER BY lower(name), name
        ),
        known_venues AS (
          SELECT DISTINCT ON (lower(name), lower(city)) lower(name) AS key, lower(city) AS city_key, name, city
            FROM venues
           WHERE (lower(name), lower(city)) IN (SELECT lower(venue), lower(city) FROM missing)
           ORDER BY lower(name), lower(city), name, city
        )
        INSERT INTO ${concerts} (artist, venue, city, date)
        SELECT coalesce(a.name, m.artist), coalesce(v.name, m.venue), coalesce(v.city, m.city), m.date
          FROM missing m
          LEFT JOIN known_artists a ON a.key = lower(m.artist)
          LEFT JOIN known_venues v ON v.key = lower(m.venue) AND v.city_key = lower(m.city)
        RETURNING id`,
  );
  return added.map((row) => row.id);
}

/**
 * Marks every concert the import's rows name "I was there" (a "going" mark turns into it),
 * gives their venues the row's country where they have none, and answers how many were
 * marked "I was there" before.
 */
export async function markImportedRows(
  tx: Tx,
  importId: string,
  userId: string,
): Promise<{ rows: number; alreadyInDiary: number }> {
  const matched = sql`SELECT DISTINCT ON (concert_id) concert_id, date, country
                        FROM (${matchedRows(rowsOfImport(importId))}) r
                       WHERE concert_id IS NOT NULL
                       ORDER BY concert_id, line`;
  const [counted] = await executeRows<{ rows: number; already: number }>(
    tx,
    sql`SELECT count(*)::int AS rows, count(a.concert_id)::int AS already
          FROM (${matched}) m
          LEFT JOIN ${attendance} a
            ON a.user_id = ${userId} AND a.concert_id = m.concert_id AND a.status = 'attended'`,
  );
  await tx.execute(
    sql`INSERT INTO ${attendance} AS a (user_id, concert_id, status, concert_date)
        SELECT ${userId}, m.concert_id, 'attended', c.date
          FROM (${matched}) m JOIN ${concerts} c ON c.id = m.concert_id
        ON CONFLICT (user_id, concert_id) DO UPDATE SET status = 'attended', updated_at = now()
          WHERE a.status <> 'attended'`,
  );
  await tx.execute(
    sql`UPDATE venues v SET country = x.country, updated_at = now()
          FROM (SELECT DISTINCT ON (c.venue_id) c.venue_id, m.country
                  FROM (${matched}) m JOIN ${concerts} c ON c.id = m.concert_id
                 WHERE m.country IS NOT NULL
                 ORDER BY c.venue_id) x
         WHERE v.id = x.venue_id AND v.country IS NULL`,
  );
  return { rows: Number(counted?.rows ?? 0), alreadyInDiary: Number(counted?.already ?? 0) };
}

// ---------------------------------------------------------------------------------------
// setlist.fm pages

export interface ImportedShow {
  concert: ProviderConcert;
  setlist: { songs: string[]; encoreSongs: string[]; notes: string | null; source: string | null };
}

/**
 * Stores a page's concerts and setlists that Encore lacks (two imports of one concert at
 * once both end with the one row) and marks them all "I was there" for `userId`. Answers
 * how many concerts were added and how many were marked "I was there" before.
 */
export async function storeAttendedShows(
  tx: Tx,
  userId: string,
  shows: readonly ImportedShow[],
): Promise<{ added: number; alreadyInDiary: number }> {
  if (shows.length === 0) return { added: 0, alreadyInDiary: 0 };
  const unique = [...new Map(shows.map((show) => [show.concert.id, show])).values()];
  const added = await tx
    .insert(concerts)
    .values(unique.map(({ concert }) => providerConcertRow(concert)))
    .onConflictDoNothing({ target: concerts.id })
    .returning({ id: concerts.id });
  await rememberVenueLocations(
    tx,
    unique.map(({ concert }) => concert),
  );
  await tx
    .insert(setlists)
    .values(unique.map(({ concert, setlist }) => ({ concertId: concert.id, ...setlist })))
    .onConflictDoNothing({ target: setlists.concertId });
  const ids = unique.map((show) => show.concert.id);
  const [before] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(attendance)
    .where(
      and(
        eq(attendance.userId, userId),
        inArray(attendance.concertId, ids),
        eq(attendance.status, 'attended'),
      ),
    );
  await tx
    .insert(attendance)
    .values(
      unique.map(({ concert }) => ({
        userId,
        concertId: concert.id,
        status: 'attended' as const,
        concertDate: concert.date,
      })),
    )
    .onConflictDoUpdate({
      target: [attendance.userId, attendance.concertId],
      set: { status: 'attended', updatedAt: sql`now()` },
      setWhere: sql`${attendance.status} <> 'attended'`,
    });
  return { added: added.length, alreadyInDiary: Number(before?.count ?? 0) };
}
