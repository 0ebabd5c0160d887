/**
 * A person's numbers (concerts, reviews, likes and comments received, follows) and what of
 * them the viewer may see. The profile's statement reads them too.
 */
import { eq, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '#server/db/index.ts';
import { attendance, reviewComments, reviews, users } from '#server/db/schema.ts';
import { statementCache, type PreparedOf } from '#server/db/statements.ts';
import { authorVisibleTo, historyVisibleTo } from '../visibility.ts';

type Db = Database | Tx;
export type Value<T> = T | Placeholder;

/** The person a profile or a person's numbers are of: the users row of those statements. */
export const person = alias(users, 'person');

/**
 * The person's reviews, summed: a lateral subquery of a statement whose FROM holds
 * `person`. Their reviews come from reviews_user_created_idx.
 */
export function numbersOf(db: Db) {
  const r = alias(reviews, 'r');
  return db
    .select({
      reviewsWritten: sql<number>`count(*)::int`.as('reviews_written'),
      averageRating: sql<string | null>`round(avg(${r.overallRating}), 2)::text`.as(
        'average_rating',
      ),
      likesReceived: sql<number>`coalesce(sum(${r.likes}), 0)::int`.as('likes_received'),
    })
    .from(r)
    .where(eq(r.userId, person.id))
    .as('mine');
}

/**
 * A person's numbers as columns of a statement whose FROM holds `person` joined with
 * `numbersOf()`. The comments on their reviews come from
 * review_comments_review_created_idx; follows are the counters the user_follows trigger
 * keeps, so a person with 10,000 followers costs no more than one.
 */
export const numberColumns = (mine: ReturnType<typeof numbersOf>, today: Value<string>) => ({
  // The shows marked "I was there" up to today (every review marks its show), whatever was
  // reviewed: the person's part of attendance_user_status_date_idx.
  concertsAttended: sql<number>`(SELECT count(*) FROM ${attendance} att
    WHERE att.user_id = ${person.id} AND att.status = 'attended'
      AND att.concert_date <= ${today})::int`,
  reviewsWritten: mine.reviewsWritten,
  averageRating: mine.averageRating,
  likesReceived: mine.likesReceived,
  commentsReceived: sql<number>`(SELECT count(*) FROM ${reviewComments} rc JOIN ${reviews} r ON r.id = rc.review_id
    WHERE r.user_id = ${person.id})::int`,
  followers: person.followersCount,
  following: person.followingCount,
});

/** Whether the viewer may see the person's content and history (visibility.ts). */
export const accessColumns = (viewerId: Value<string>) => ({
  canSeeContent: sql<boolean>`${authorVisibleTo(viewerId, person.id)}`,
  showsConcertHistory: sql<boolean>`${historyVisibleTo(viewerId, person.id)}`,
});

interface NumbersRow {
  concertsAttended: number;
  reviewsWritten: number;
  averageRating: string | null;
  likesReceived: number;
  commentsReceived: number;
  followers: number;
  following: number;
  canSeeContent: boolean;
  showsConcertHistory: boolean;
}

/**
 * The numbers as the viewer may see them: how many concerts the person has been to only
 * with their history, their average rating only with their reviews. How many reviews and
 * follows they have stays, as on a private profile elsewhere.
 */
export function toStats(row: NumbersRow) {
  return {
    concertsAttended: row.showsConcertHistory ? row.concertsAttended : null,
    reviewsWritten: row.reviewsWritten,
    averageRating:
      row.averageRating === null || !row.canSeeContent ? null : Number(row.averageRating),
    likesReceived: row.likesReceived,
    commentsReceived: row.commentsReceived,
    followers: row.followers,
    following: row.following,
  };
}

function statsQuery(db: Db, userId: Value<string>, viewerId: Value<string>, today: Value<string>) {
  const mine = numbersOf(db);
  return db
    .select({ ...numberColumns(mine, today), ...accessColumns(viewerId) })
    .from(person)
    .crossJoinLateral(mine)
    .where(eq(person.id, userId));
}

// A named statement: planning a person's numbers costs several times more than running
// them (a primary-key lookup whatever the values); the bench's s2 shows the difference.
const statsStatements = statementCache<PreparedOf<typeof statsQuery>>('user_stats');

/** A person's numbers as the viewer may see them, in one statement; undefined when there is no such person. */
export async function selectUserStats(
  db: Database,
  userId: string,
  viewerId: string,
  today: string,
) {
  const statement = statsStatements(db, 'by_id', true, (name) =>
    statsQuery(
      db,
      sql.placeholder('userId'),
      sql.placeholder('viewerId'),
      sql.placeholder('today'),
    ).prepare(name),
  );
  const [row] = await statement.execute({ userId, viewerId, today });
  return row && toStats(row);
}
