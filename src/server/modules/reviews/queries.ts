/**
 * Review reads in the API's review shape. A page of reviews is chosen first (an index
 * range scan on reviews_concert_created_idx with a LIMIT); only those rows then get their
 * author and concert, their comment count (a per-review count on review_comments_review_created_idx)
 * and whether the viewer liked them (one probe of the review_likes unique pair). The like
 * count is the maintained reviews.likes counter: nothing scans likes.
 */
import { desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { concerts, reviewComments, reviewLikes, reviews, users } from '../../db/schema.ts';
import { statementCache } from '../../db/statements.ts';
import { concertSummaryColumns } from '../concerts/index.ts';

type Db = Database | Tx;
type Value<T> = T | Placeholder;

export interface ReviewWindow {
  limit: number;
  offset: number;
}

function reviewConcertQuery(db: Db, concertId: Value<string>) {
  return db.select(concertSummaryColumns).from(concerts).where(eq(concerts.id, concertId)).limit(1);
}

/** What a review shows of its concert; undefined when there is no such concert. */
export async function findReviewConcert(db: Db, concertId: string) {
  const [row] = await reviewConcertQuery(db, concertId);
  return row;
}

/** The newest reviews of one concert, with authors, the concert, counts and the viewer's like. */
export function buildConcertReviewsQuery(
  db: Db,
  concertId: Value<string>,
  viewerId: Value<string> | undefined,
  window: { limit: Value<number>; offset: Value<number> | 0 },
) {
  const chosen = db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      concertId: reviews.concertId,
      overallRating: reviews.overallRating,
      performanceRating: reviews.performanceRating,
      soundRating: reviews.soundRating,
      venueRating: reviews.venueRating,
      valueRating: reviews.valueRating,
      reviewText: reviews.reviewText,
      photos: reviews.photos,
      likes: reviews.likes,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(eq(reviews.concertId, concertId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(window.limit);
  // No OFFSET clause for the first page, as Drizzle writes it for offset 0.
  const page = (window.offset === 0 ? chosen : chosen.offset(window.offset)).as('page');
  const comments = db
    .select({ commentsCount: sql<number>`count(*)::int`.as('comments_count') })
    .from(reviewComments)
    .where(eq(reviewComments.reviewId, page.id))
    .as('comments');
  const isLiked =
    viewerId !== undefined
      ? sql<boolean>`exists (select 1 from ${reviewLikes} where ${reviewLikes.userId} = ${viewerId} and ${reviewLikes.reviewId} = ${page.id})`
      : sql<boolean>`false`;
  return db
    .select({
      id: page.id,
      userId: page.userId,
      concertId: page.concertId,
      overallRating: page.overallRating,
      performanceRating: page.performanceRating,
      soundRating: page.soundRating,
      venueRating: page.venueRating,
      valueRating: page.valueRating,
      reviewText: page.reviewText,
      photos: page.photos,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      likesCount: page.likes,
      commentsCount: comments.commentsCount,
      isLiked,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        profileImageUrl: users.profileImageUrl,
      },
      concert: concertSummaryColumns,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .innerJoin(concerts, eq(concerts.id, page.concertId))
    .leftJoinLateral(comments, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id));
}

export type ConcertReviewRow = Awaited<ReturnType<typeof buildConcertReviewsQuery>>[number];

// Named: the bench (bench/README.md, scenarios c, d4 and d7) shows it cuts PostgreSQL's
// CPU for a review page to a third. Other statements here are plain Drizzle.
const reviewStatements = statementCache<ConcertReviewRow[]>('concert_reviews');

export async function selectConcertReviews(
  db: Db,
  concertId: string,
  viewerId: string | undefined,
  window: ReviewWindow,
): Promise<ConcertReviewRow[]> {
  const viewer = viewerId !== undefined;
  const paged = window.offset > 0;
  // An index range scan on reviews_concert_created_idx under a LIMIT, whatever the concert.
  const shape = `${viewer ? 'viewer' : 'anonymous'}:${paged ? 'paged' : 'first'}`;
  const statement = reviewStatements(db, shape, true, (name) =>
    buildConcertReviewsQuery(
      db,
      sql.placeholder('concertId'),
      viewer ? sql.placeholder('viewerId') : undefined,
      { limit: sql.placeholder('limit'), offset: paged ? sql.placeholder('offset') : 0 },
    ).prepare(name),
  );
  return statement.execute({ concertId, viewerId, limit: window.limit, offset: window.offset });
}
