/**
 * Mute rows. The (muter, muted) primary key makes muting idempotent: a second mute, even a
 * concurrent one, waits for the first and inserts nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { mutes, users } from '#server/db/schema.ts';
import { hasRow } from '#server/lib/has-row.ts';
import { hasBlocked } from '../users/index.ts';

type Db = Database | Tx;

/** A missing person fails the row's foreign key. */
export async function insertMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db
    .insert(mutes)
    .values({ muterId, mutedId })
    .onConflictDoNothing({ target: [mutes.muterId, mutes.mutedId] });
}

export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}

export async function muteExists(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  return hasRow(db, mutes, and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}

/**
 * Whether the person exists to the viewer: someone who blocked the viewer does not
 * (users/blocking.ts). One primary-key probe and one of blocks.
 */
export async function personKnownTo(db: Db, viewerId: string, userId: string): Promise<boolean> {
  // Drizzle leaves columns unqualified in a one-table select: the probe names the table.
  const blockedViewer = hasBlocked(sql`${users}.id`, viewerId);
  return hasRow(db, users, and(eq(users.id, userId), sql`NOT ${blockedViewer}`));
}

interface MutedRow {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  mutedAt: Date | string;
}

/**
 * The people `muterId` muted, newest mute first (mutes_muter_created_idx, in order under
 * the LIMIT), without anyone who has blocked the muter since; `before` continues after
 * that person.
 */
export async function selectMutePage(
  db: Db,
  muterId: string,
  page: { limit: number; before?: string | undefined },
): Promise<MutedRow[]> {
  const cursor = page.before
    ? sql`AND (m.created_at, m.muted_id) < (SELECT c.created_at, c.muted_id FROM ${mutes} c
                                             WHERE c.muter_id = ${muterId} AND c.muted_id = ${page.before})`
    : sql``;
  return executeRows<MutedRow>(
    db,
    sql`SELECT u.id, u.username, u.first_name AS "firstName", u.last_name AS "lastName",
               u.profile_image_url AS "profileImageUrl", m.created_at AS "mutedAt"
          FROM ${mutes} m JOIN ${users} u ON u.id = m.muted_id
         WHERE m.muter_id = ${muterId} AND NOT ${hasBlocked(sql`u.id`, muterId)} ${cursor}
         ORDER BY m.created_at DESC, m.muted_id DESC
         LIMIT ${page.limit}`,
  );
}
