/** The concerts a person has been to: the past concerts they reviewed. */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { concerts, reviews, setlists } from '#server/db/schema.ts';
import { concertListItemColumns } from '#server/modules/concerts/index.ts';

type Db = Database | Tx;

/**
 * One page of the concerts before `today` that a person reviewed, newest concert first,
 * in the concert list shape. The person's reviews come from reviews_user_created_idx and
 * are sorted by their concerts' dates: one person's reviews, never the whole table.
 * `before` is the last concert of the previous page.
 */
export function buildConcertHistoryQuery(
  db: Db,
  userId: string,
  today: string,
  page: { limit: number; before?: string | undefined },
) {
  const cursor = page.before
    ? sql`(${concerts.date}, ${concerts.id}) < (SELECT c.date, c.id FROM ${concerts} c WHERE c.id = ${page.before})`
    : undefined;
  return db
    .select(concertListItemColumns)
    .from(reviews)
    .innerJoin(concerts, eq(concerts.id, reviews.concertId))
    .leftJoin(setlists, eq(setlists.concertId, concerts.id))
    .where(and(eq(reviews.userId, userId), lt(concerts.date, today), cursor))
    .orderBy(desc(concerts.date), desc(concerts.id))
    .limit(page.limit);
}
