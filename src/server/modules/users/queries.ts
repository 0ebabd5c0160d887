import { and, eq, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '../../db/index.ts';
import { concerts, reviewComments, reviews, userFollows, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Database | Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByIdentity(
  db: Database | Tx,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.authIssuer, issuer), eq(users.authSubject, subject)))
    .limit(1);
  return row;
}

export async function isEmailTaken(db: Database | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

/** Inserts unless the identity exists already (two first sign-ins racing); returns the row. */
export async function insertUserForIdentity(
  db: Database | Tx,
  values: NewUserRow,
): Promise<UserRow> {
  const [inserted] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: [users.authIssuer, users.authSubject] })
    .returning();
  if (inserted) return inserted;
  const existing = await findUserByIdentity(db, values.authIssuer!, values.authSubject!);
  if (!existing) throw new Error('user vanished between insert and read');
  return existing;
}

interface StatsRow {
  concerts_attended: number;
  reviews_written: number;
  average_rating: string | null;
  likes_received: number;
  comments_received: number;
  followers: number;
  following: number;
}

/**
 * A person's numbers in one statement: their reviews come from reviews_user_created_idx,
 * comments on them from review_comments_review_created_idx, follows from the two follow
 * indexes. Undefined when there is no such person.
 */
export async function selectUserStats(db: Database, userId: string, today: string) {
  const [row] = await executeRows<StatsRow>(
    db,
    sql`WITH person AS (SELECT ${users.id} AS id FROM ${users} WHERE ${users.id} = ${userId}),
         mine AS (
           SELECT r.id, r.overall_rating, r.likes, c.date
             FROM ${reviews} r JOIN ${concerts} c ON c.id = r.concert_id
            WHERE r.user_id = ${userId})
       SELECT (SELECT count(*) FROM mine WHERE date < ${today})::int AS concerts_attended,
              (SELECT count(*) FROM mine)::int AS reviews_written,
              (SELECT round(avg(overall_rating), 2) FROM mine)::text AS average_rating,
              (SELECT coalesce(sum(likes), 0) FROM mine)::int AS likes_received,
              (SELECT count(*) FROM ${reviewComments} rc
                 WHERE rc.review_id IN (SELECT id FROM mine))::int AS comments_received,
              (SELECT count(*) FROM ${userFollows} f WHERE f.following_id = ${userId})::int AS followers,
              (SELECT count(*) FROM ${userFollows} f WHERE f.follower_id = ${userId})::int AS following
         FROM person`,
  );
  if (!row) return undefined;
  return {
    concertsAttended: row.concerts_attended,
    reviewsWritten: row.reviews_written,
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
    likesReceived: row.likes_received,
    commentsReceived: row.comments_received,
    followers: row.followers,
    following: row.following,
  };
}
