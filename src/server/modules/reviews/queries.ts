/**
 * Review reads in the API's review shape, and review writes.
 *
 * Every list first chooses its page of review rows (an index range scan in the list's
 * order under a LIMIT); only those rows then get their author and concert (primary-key
 * joins) and whether the viewer liked them (one probe of the review_likes unique pair).
 * The like and comment counts are the review's maintained counters and the media its own
 * column: one statement answers a page, however long it is.
 */
import { and, desc, eq, gte, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '#server/db/index.ts';
import {
  concerts,
  mutes,
  reviewLikes,
  reviews,
  timelineEntries,
  users,
} from '#server/db/schema.ts';
import { findValue } from '#server/lib/has-row.ts';
import { jsonRow } from '#server/db/json-rows.ts';
import { statementCache, type PreparedOf } from '#server/db/statements.ts';
import { concertSummaryColumns } from '../concerts/index.ts';
import { authorVisibleTo } from '../users/index.ts';

type Db = Database | Tx;
type Value<T> = T | Placeholder;

export interface ReviewWindow {
  limit: number;
  offset: number;
}

/** A review's five ratings, overall first. */
export const reviewRatingColumns = {
  overallRating: reviews.overallRating,
  performanceRating: reviews.performanceRating,
  soundRating: reviews.soundRating,
  venueRating: reviews.venueRating,
  valueRating: reviews.valueRating,
};

const reviewColumns = {
  id: reviews.id,
  userId: reviews.userId,
  concertId: reviews.concertId,
  ...reviewRatingColumns,
  reviewText: reviews.reviewText,
  highlights: reviews.highlights,
  photos: reviews.photos,
  media: reviews.media,
  likes: reviews.likes,
  commentsCount: reviews.commentsCount,
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

/** What a review shows of its author; undefined when there is no such person. */
export async function findReviewAuthor(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type ReviewAuthorRow = NonNullable<Awaited<ReturnType<typeof findReviewAuthor>>>;

type PageQuery = ReturnType<typeof pageOfReviews>;

/**
 * Reviews the viewer may see: the author's account is public, or the viewer follows them
 * or is them, and neither has blocked the other (users/visibility.ts). Applied to a list's
 * rows as its index scan meets them, before the LIMIT.
 */
const authorShownTo = (viewerId: Value<string> | undefined) =>
  authorVisibleTo(viewerId, reviews.userId);

function pageOfReviews(db: Db) {
  return db.select(reviewColumns).from(reviews);
}

/** The sort columns of a page, by the names of its fields. */
type PageOrder = ('createdAt' | 'id' | 'overallRating' | 'likes')[];

/**
 * A chosen page of reviews as review view rows, in the page's order; toReview makes each
 * the API's shape. The page is chosen first (the subquery `page`), and only its rows are
 * joined with their author and concert: the review's own fields as the API names them,
 * then its author's and its concert's, flat, as one JSON object a row (db/json-rows.ts:
 * its times are ISO text).
 */
function reviewViews(
  db: Db,
  chosen: PageQuery,
  viewerId: Value<string> | undefined,
  order: PageOrder,
) {
  const page = chosen.as('page');
  const author = alias(users, 'author');
  const concert = alias(concerts, 'concert');
  const isLiked =
    viewerId !== undefined
      ? sql<boolean>`exists (select 1 from ${reviewLikes} where ${reviewLikes.userId} = ${viewerId} and ${reviewLikes.reviewId} = ${page.id})`
      : sql<boolean>`false`;
  return db
    .select({
      row: jsonRow({
        id: page.id,
        userId: page.userId,
        concertId: page.concertId,
        overallRating: page.overallRating,
        performanceRating: page.performanceRating,
        soundRating: page.soundRating,
        venueRating: page.venueRating,
        valueRating: page.valueRating,
        reviewText: page.reviewText,
        highlights: page.highlights,
        photos: page.photos,
        media: page.media,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        editedAt: page.editedAt,
        likesCount: page.likes,
        commentsCount: page.commentsCount,
        isLiked,
        authorFirstName: author.firstName,
        authorLastName: author.lastName,
        authorUsername: author.username,
        authorProfileImageUrl: author.profileImageUrl,
        concertArtist: concert.artist,
        concertVenue: concert.venue,
        concertCity: concert.city,
        concertDate: concert.date,
        concertGenre: concert.genre,
      }),
    })
    .from(page)
    .innerJoin(author, eq(author.id, page.userId))
    .innerJoin(concert, eq(concert.id, page.concertId))
    .orderBy(...order.map((field) => desc(page[field])));
}

/** A review row as the list statements answer it; toReview makes it the API's shape. */
export type ReviewViewRow = Awaited<ReturnType<typeof reviewViews>>[number]['row'];

const rowsOf = (answers: { row: ReviewViewRow }[]) => answers.map((answer) => answer.row);

/**
 * The newest reviews of one concert that the viewer may see (users/visibility.ts), with
 * authors, the concert, counts and the viewer's like.
 */
export function buildConcertReviewsQuery(
  db: Db,
  concertId: Value<string>,
  viewerId: Value<string> | undefined,
  window: { limit: Value<number>; offset: Value<number> | 0 },
) {
  const chosen = pageOfReviews(db)
    .where(and(eq(reviews.concertId, concertId), authorShownTo(viewerId)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(window.limit);
  // No OFFSET clause for the first page, as Drizzle writes it for offset 0.
  const page = window.offset === 0 ? chosen : chosen.offset(window.offset);
  return reviewViews(db, page as PageQuery, viewerId, ['createdAt', 'id']);
}

// Named statements: every list here is a range scan in index order under a LIMIT, whose
// plan does not depend on the values. The bench (bench/README.md, scenarios c, d4 and d8)
// shows it cuts PostgreSQL's CPU for a review page to a third.
type ReviewStatement = PreparedOf<typeof reviewViews>;
const concertReviewStatements = statementCache<ReviewStatement>('concert_reviews');
const listStatements = statementCache<ReviewStatement>('review_list');
const oneReviewStatements = statementCache<ReviewStatement>('review_one');

export async function selectConcertReviews(
  db: Database,
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
  return rowsOf(
    await statement.execute({ concertId, viewerId, limit: window.limit, offset: window.offset }),
  );
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
 * The Following timeline's page: a range of the viewer's timeline_entries, which jobs
 * write ahead for every review of the people they follow (its key, read backwards: page
 * order under the LIMIT), then those reviews. However many people the viewer follows, a
 * page reads one page of entries. Reviews by people the viewer muted are
 * skipped as the range is read (a primary-key probe of the review and of the mute per
 * entry), so a page is still full and a mute or unmute shows at once.
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
        sql`NOT EXISTS (SELECT 1 FROM ${mutes} m JOIN ${reviews} muted ON muted.user_id = m.muted_id
                         WHERE m.muter_id = ${values.viewerId!} AND muted.id = ${timelineEntries.reviewId})`,
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

/**
 * One page of a list as one statement; the bench reads its SQL too. Every list but the
 * Following timeline (whose entries exist only for the authors' followers) holds only the
 * reviews the viewer may see (users/visibility.ts), chosen before the LIMIT.
 */
export function buildReviewListQuery(db: Db, list: ReviewList, values: ReviewListValues) {
  const cursor = values.before !== undefined;
  const windowed = list.kind === 'trending' && values.since !== undefined;
  let chosen: PageQuery;
  let order: PageOrder;
  if (list.kind === 'following') {
    order = ['createdAt', 'id'];
    chosen = followingPage(db, values);
  } else if (list.kind === 'trending') {
    order = ['overallRating', 'likes', 'createdAt', 'id'];
    chosen = pageOfReviews(db)
      .where(
        and(
          windowed ? gte(reviews.createdAt, values.since!) : undefined,
          authorShownTo(values.viewerId),
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
          authorShownTo(values.viewerId),
          cursor ? newerThanCursor(values.before!) : undefined,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(values.limit) as PageQuery;
  }
  return reviewViews(db, chosen, values.viewerId, order);
}

export async function selectReviewList(
  db: Database,
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
  return rowsOf(
    await statement.execute({
      limit: page.limit,
      before: page.before,
      viewerId: page.viewerId,
      userId: list.kind === 'user' ? list.userId : undefined,
      since: since ?? undefined,
    }),
  );
}

/** One review in the API shape; undefined when there is none, or the viewer may not see it. */
export async function selectReview(
  db: Database,
  reviewId: string,
  viewerId: string | undefined,
): Promise<ReviewViewRow | undefined> {
  const viewer = viewerId !== undefined;
  const statement = oneReviewStatements(db, viewer ? 'viewer' : 'anonymous', true, (name) => {
    const viewerParam = viewer ? sql.placeholder('viewerId') : undefined;
    const chosen = pageOfReviews(db).where(
      and(eq(reviews.id, sql.placeholder('reviewId')), authorShownTo(viewerParam)),
    );
    return reviewViews(db, chosen as PageQuery, viewerParam, ['id']).prepare(name);
  });
  const [answer] = await statement.execute({ reviewId, viewerId });
  return answer?.row;
}

/** When a review was written; undefined when there is no such review. */
export async function findReviewCreatedAt(db: Db, reviewId: string): Promise<Date | undefined> {
  return findValue(db, reviews.createdAt, eq(reviews.id, reviewId));
}

/** The person's reviews of these concerts: probes of the (user_id, concert_id) unique index. */
export async function selectReviewIdsOfConcerts(
  db: Db,
  userId: string,
  concertIds: string[],
): Promise<{ concertId: string; reviewId: string }[]> {
  return db
    .select({ concertId: reviews.concertId, reviewId: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.concertId, concertIds)))
    .limit(concertIds.length);
}
