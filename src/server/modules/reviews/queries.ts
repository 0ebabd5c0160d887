/**
 * Review reads in the API's review shape, and review writes.
 *
 * Every list first chooses its page of review rows (an index range scan in the list's
 * order under a LIMIT); only those rows then get their author and concert (primary-key
 * joins), their comment count (a count on review_comments_review_created_idx) and whether
 * the viewer liked them (one probe of the review_likes unique pair). The like count is the
 * maintained reviews.likes counter and the media are the review's own column: one
 * statement answers a page, however long it is.
 */
import { and, desc, eq, gte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import {
  concerts,
  reviewComments,
  reviewLikes,
  reviews,
  timelineEntries,
  users,
} from '../../db/schema.ts';
import { statementCache } from '../../db/statements.ts';
import { concertSummaryColumns } from '../concerts/index.ts';

type Db = Database | Tx;
type Value<T> = T | Placeholder;

export interface ReviewWindow {
  limit: number;
  offset: number;
}

export const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  profileImageUrl: users.profileImageUrl,
};

const reviewColumns = {
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
  media: reviews.media,
  likes: reviews.likes,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  editedAt: reviews.editedAt,
};

function reviewConcertQuery(db: Db, concertId: Value<string>) {
  return db.select(concertSummaryColumns).from(concerts).where(eq(concerts.id, concertId)).limit(1);
}

/** What a review shows of its concert; undefined when there is no such concert. */
export async function findReviewConcert(db: Db, concertId: string) {
  const [row] = await reviewConcertQuery(db, concertId);
  return row;
}

type PageQuery = ReturnType<typeof pageOfReviews>;

function pageOfReviews(db: Db) {
  return db.select(reviewColumns).from(reviews);
}

/**
 * The API shape of a chosen page of reviews, in the page's order: `order` names the
 * page's sort columns (all descending).
 */
function reviewViews(
  db: Db,
  chosen: PageQuery,
  viewerId: Value<string> | undefined,
  order: (keyof typeof reviewColumns)[],
) {
  const page = chosen.as('page');
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
      media: page.media,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      editedAt: page.editedAt,
      likesCount: page.likes,
      commentsCount: comments.commentsCount,
      isLiked,
      user: authorColumns,
      concert: concertSummaryColumns,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .innerJoin(concerts, eq(concerts.id, page.concertId))
    .leftJoinLateral(comments, sql`true`)
    .orderBy(...order.map((column) => desc(page[column])));
}

export type ReviewViewRow = Awaited<ReturnType<typeof reviewViews>>[number];

/** The newest reviews of one concert, with authors, the concert, counts and the viewer's like. */
export function buildConcertReviewsQuery(
  db: Db,
  concertId: Value<string>,
  viewerId: Value<string> | undefined,
  window: { limit: Value<number>; offset: Value<number> | 0 },
) {
  const chosen = pageOfReviews(db)
    .where(eq(reviews.concertId, concertId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(window.limit);
  // No OFFSET clause for the first page, as Drizzle writes it for offset 0.
  const page = window.offset === 0 ? chosen : chosen.offset(window.offset);
  return reviewViews(db, page as PageQuery, viewerId, ['createdAt', 'id']);
}

// Named statements: every list here is a range scan in index order under a LIMIT, whose
// plan does not depend on the values. The bench (bench/README.md, scenarios c, d4 and d7)
// shows it cuts PostgreSQL's CPU for a review page to a third.
const concertReviewStatements = statementCache<ReviewViewRow[]>('concert_reviews');
const listStatements = statementCache<ReviewViewRow[]>('review_list');

export async function selectConcertReviews(
  db: Db,
  concertId: string,
  viewerId: string | undefined,
  window: ReviewWindow,
): Promise<ReviewViewRow[]> {
  const viewer = viewerId !== undefined;
  const paged = window.offset > 0;
  // An index range scan on reviews_concert_created_idx under a LIMIT, whatever the concert.
  const shape = `${viewer ? 'viewer' : 'anonymous'}:${paged ? 'paged' : 'first'}`;
  const statement = concertReviewStatements(db, shape, true, (name) =>
    buildConcertReviewsQuery(
      db,
      sql.placeholder('concertId'),
      viewer ? sql.placeholder('viewerId') : undefined,
      { limit: sql.placeholder('limit'), offset: paged ? sql.placeholder('offset') : 0 },
    ).prepare(name),
  );
  return statement.execute({ concertId, viewerId, limit: window.limit, offset: window.offset });
}

/** The cursor review's values of the given columns: rows after it in that order come next. */
const after = (columns: SQL, values: string, before: Value<string>) =>
  sql`(${columns}) < (SELECT ${sql.raw(values)} FROM ${reviews} AS cursor WHERE cursor.id = ${before})`;

/**
 * The four review lists beside a concert's: every review newest first, Trending (best
 * rated, then most liked, then newest, within a window of recent days), one person's, and
 * the Following timeline (the reviews of the people the viewer follows, newest first).
 * `before` continues after that review.
 */
export type ReviewList =
  | { kind: 'recent' }
  | { kind: 'trending'; since: Date | null }
  | { kind: 'user'; userId: string }
  | { kind: 'following' };

/** The values a list statement takes, or placeholders for them. */
export interface ReviewListValues {
  limit: Value<number>;
  before?: Value<string> | undefined;
  viewerId?: Value<string> | undefined;
  userId?: Value<string> | undefined;
  since?: Value<Date> | undefined;
}

const newerThanCursor = (before: Value<string>) =>
  after(sql`${reviews.createdAt}, ${reviews.id}`, 'cursor.created_at, cursor.id', before);

/**
 * The Following timeline's page: a range of the viewer's timeline_entries, which triggers
 * write ahead for every review of the people they follow (timeline_entries_user_created_idx,
 * in page order under the LIMIT), then those reviews. However many people the viewer
 * follows, a page reads one page of entries.
 */
function followingPage(db: Db, values: ReviewListValues): PageQuery {
  const newest = db
    .select({ reviewId: timelineEntries.reviewId })
    .from(timelineEntries)
    .where(
      and(
        eq(timelineEntries.userId, values.viewerId!),
        values.before !== undefined
          ? after(
              sql`${timelineEntries.createdAt}, ${timelineEntries.reviewId}`,
              'cursor.created_at, cursor.id',
              values.before,
            )
          : undefined,
      ),
    )
    .orderBy(desc(timelineEntries.createdAt), desc(timelineEntries.reviewId))
    .limit(values.limit)
    .as('newest');
  return db
    .select(reviewColumns)
    .from(newest)
    .innerJoin(reviews, eq(reviews.id, newest.reviewId)) as unknown as PageQuery;
}

/** One page of a list as one statement; the bench reads its SQL too. */
export function buildReviewListQuery(db: Db, list: ReviewList, values: ReviewListValues) {
  const cursor = values.before !== undefined;
  const windowed = list.kind === 'trending' && values.since !== undefined;
  let chosen: PageQuery;
  let order: (keyof typeof reviewColumns)[];
  if (list.kind === 'following') {
    order = ['createdAt', 'id'];
    chosen = followingPage(db, values);
  } else if (list.kind === 'trending') {
    order = ['overallRating', 'likes', 'createdAt', 'id'];
    chosen = pageOfReviews(db)
      .where(
        and(
          windowed ? gte(reviews.createdAt, values.since!) : undefined,
          cursor
            ? after(
                sql`${reviews.overallRating}, ${reviews.likes}, ${reviews.createdAt}, ${reviews.id}`,
                'cursor.overall_rating, cursor.likes, cursor.created_at, cursor.id',
                values.before!,
              )
            : undefined,
        ),
      )
      .orderBy(
        desc(reviews.overallRating),
        desc(reviews.likes),
        desc(reviews.createdAt),
        desc(reviews.id),
      )
      .limit(values.limit) as PageQuery;
  } else {
    order = ['createdAt', 'id'];
    chosen = pageOfReviews(db)
      .where(
        and(
          list.kind === 'user' ? eq(reviews.userId, values.userId!) : undefined,
          cursor ? newerThanCursor(values.before!) : undefined,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(values.limit) as PageQuery;
  }
  return reviewViews(db, chosen, values.viewerId, order);
}

export async function selectReviewList(
  db: Db,
  list: ReviewList,
  page: { limit: number; before: string | undefined; viewerId: string | undefined },
): Promise<ReviewViewRow[]> {
  const viewer = page.viewerId !== undefined;
  const cursor = page.before !== undefined;
  const since = list.kind === 'trending' ? list.since : null;
  const shape = [list.kind, viewer, cursor, since !== null].join(':');
  const statement = listStatements(db, shape, true, (name) =>
    buildReviewListQuery(db, list, {
      limit: sql.placeholder('limit'),
      before: cursor ? sql.placeholder('before') : undefined,
      viewerId: viewer ? sql.placeholder('viewerId') : undefined,
      userId: list.kind === 'user' ? sql.placeholder('userId') : undefined,
      since: since !== null ? sql.placeholder('since') : undefined,
    }).prepare(name),
  );
  return statement.execute({
    limit: page.limit,
    before: page.before,
    viewerId: page.viewerId,
    userId: list.kind === 'user' ? list.userId : undefined,
    since: since ?? undefined,
  });
}

/** One review in the API shape; undefined when there is none. */
export async function selectReview(
  db: Db,
  reviewId: string,
  viewerId: string | undefined,
): Promise<ReviewViewRow | undefined> {
  const chosen = pageOfReviews(db).where(eq(reviews.id, reviewId)).limit(1) as PageQuery;
  const [row] = await reviewViews(db, chosen, viewerId, ['id']);
  return row;
}

/** When a review was written; undefined when there is no such review. */
export async function findReviewCreatedAt(db: Db, reviewId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return row?.createdAt;
}
