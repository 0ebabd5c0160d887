import { and, desc, eq, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { executeRows, rawStatement, type Database, type Tx } from '../../db/index.ts';
import { statementCache } from '../../db/statements.ts';
import { hasRow } from '../../lib/has-row.ts';
import {
  concerts,
  followRequests,
  reviewComments,
  reviews,
  setlists,
  userFollows,
  users,
} from '../../db/schema.ts';
import { pictureUrl } from '../../storage/index.ts';
import { FAVORITE_GENRES_DERIVED } from '#shared/limits';
import { concertAverageRating, concertCardColumns } from '../concerts/index.ts';
import { hasBlocked, notBlockedBetween } from './blocks.ts';
import { authorVisibleTo, historyVisibleTo, viewerFollows, viewerRequested } from './visibility.ts';

type Db = Database | Tx;
type Value<T> = T | Placeholder;

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

/**
 * Inserts unless the identity exists already (two first sign-ins racing) or the username
 * or e-mail was taken meanwhile; returns the row, or undefined when nothing was inserted
 * and the identity has no row (the caller picks another username).
 */
export async function insertUserForIdentity(
  db: Database | Tx,
  values: NewUserRow & { authIssuer: string; authSubject: string },
): Promise<UserRow | undefined> {
  const [inserted] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return inserted ?? findUserByIdentity(db, values.authIssuer, values.authSubject);
}

interface NumbersRow {
  concerts_attended: number;
  reviews_written: number;
  average_rating: string | null;
  likes_received: number;
  comments_received: number;
  followers: number;
  following: number;
  /** Whether the viewer may see the person's content and history (visibility.ts). */
  can_see_content: boolean;
  shows_concert_history: boolean;
}

/**
 * A person's numbers as columns of a statement whose FROM holds `person` (a users row)
 * joined with `numbersOf(today)`. Their reviews come from reviews_user_created_idx, the
 * comments on them from review_comments_review_created_idx; follows are the counters the
 * user_follows trigger keeps, so a person with 10,000 followers costs no more than one.
 */
const numberColumns = sql`
  mine.concerts_attended, mine.reviews_written, mine.average_rating::text AS average_rating,
  mine.likes_received,
  (SELECT count(*) FROM ${reviewComments} rc JOIN ${reviews} r ON r.id = rc.review_id
    WHERE r.user_id = person.id)::int AS comments_received,
  person.followers_count AS followers, person.following_count AS following`;

/** What the viewer may see of `person`, as the columns NumbersRow ends with. */
const accessColumns = (viewerId: Value<string>) =>
  sql`${authorVisibleTo(viewerId, sql`person.id`)} AS can_see_content,
      ${historyVisibleTo(viewerId, sql`person.id`)} AS shows_concert_history`;

const numbersOf = (today: Value<string>) => sql`CROSS JOIN LATERAL (
  SELECT count(*) FILTER (WHERE c.date < ${today})::int AS concerts_attended,
         count(*)::int AS reviews_written,
         round(avg(r.overall_rating), 2) AS average_rating,
         coalesce(sum(r.likes), 0)::int AS likes_received
    FROM ${reviews} r JOIN ${concerts} c ON c.id = r.concert_id
   WHERE r.user_id = person.id) AS mine`;

/**
 * The numbers as the viewer may see them: how many concerts the person has been to only
 * with their history, their average rating only with their reviews. How many reviews and
 * follows they have stays, as on a private profile elsewhere.
 */
function toStats(row: NumbersRow) {
  return {
    concertsAttended: row.shows_concert_history ? row.concerts_attended : null,
    reviewsWritten: row.reviews_written,
    averageRating:
      row.average_rating === null || !row.can_see_content ? null : Number(row.average_rating),
    likesReceived: row.likes_received,
    commentsReceived: row.comments_received,
    followers: row.followers,
    following: row.following,
  };
}

// Named statements: planning a profile or a person's numbers costs several times more than
// running them (a primary-key or unique lookup whatever the values); the bench's s2 shows
// the difference.
const statsStatements = statementCache<NumbersRow[]>('user_stats');
const profileStatements = statementCache<ProfileRow[]>('user_profile');

/** A person's numbers as the viewer may see them, in one statement; undefined when there is no such person. */
export async function selectUserStats(
  db: Database,
  userId: string,
  viewerId: string,
  today: string,
) {
  const statement = statsStatements(db, 'by_id', true, (name) =>
    rawStatement(
      db,
      name,
      sql`SELECT ${numberColumns}, ${accessColumns(sql.placeholder('viewerId'))}
            FROM ${users} person ${numbersOf(sql.placeholder('today'))}
           WHERE person.id = ${sql.placeholder('userId')}`,
    ),
  );
  const [row] = await statement.execute({ userId, viewerId, today });
  return row && toStats(row);
}

/** A person in a list, as the statements below read them. */
interface SummaryRow {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  bio: string | null;
  is_following: boolean;
}

const toSummary = (row: SummaryRow) => ({
  id: row.id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  profileImageUrl: pictureUrl(row.profile_image_url),
  bio: row.bio,
  isFollowing: row.is_following,
});

/** A profile holds everything a list shows of the person, and more. */
interface ProfileRow extends NumbersRow, SummaryRow {
  location: string | null;
  is_verified: boolean;
  is_private: boolean;
  /** to_json of the timestamp: an ISO string on either driver. */
  created_at: string;
  favorite_genres: string[];
  is_blocked: boolean;
  follow_requested: boolean;
}

export type PersonKey = { id: string } | { username: string };
type PersonKeyOf<T> = { id: T } | { username: T };

/**
 * A person's profile as the viewer sees it, in one statement: their row, numbers, the
 * genres of the concerts they reviewed most recently, what of their content the viewer may
 * see (visibility.ts), whether the viewer follows them, asked to, or blocked them. Someone
 * who blocked the viewer has no profile for them. The bench runs it too.
 */
export function userProfileStatement(
  key: PersonKeyOf<Value<string>>,
  viewerId: Value<string>,
  today: Value<string>,
): SQL {
  // Usernames are stored lowercased (a CHECK says so), so the unique index answers any case.
  const where =
    'id' in key ? sql`person.id = ${key.id}` : sql`person.username = lower(${key.username})`;
  return sql`SELECT person.id, person.username, person.first_name, person.last_name,
               person.profile_image_url, person.bio, person.location, person.is_verified,
               person.is_private, to_json(person.created_at) AS created_at,
               ARRAY(SELECT c.genre FROM ${reviews} r JOIN ${concerts} c ON c.id = r.concert_id
                      WHERE r.user_id = person.id AND c.genre IS NOT NULL
                      GROUP BY c.genre ORDER BY max(r.created_at) DESC, c.genre
                      LIMIT ${FAVORITE_GENRES_DERIVED}) AS favorite_genres,
               ${accessColumns(viewerId)},
               ${viewerFollows(viewerId, sql`person.id`)} AS is_following,
               ${hasBlocked(viewerId, sql`person.id`)} AS is_blocked,
               ${viewerRequested(viewerId, sql`person.id`)} AS follow_requested,
               ${numberColumns}
          FROM ${users} person
          ${numbersOf(today)}
         WHERE ${where} AND NOT ${hasBlocked(sql`person.id`, viewerId)}`;
}

/** selectUserProfile's answer; undefined when there is no such person. */
export async function selectUserProfile(
  db: Database,
  key: PersonKey,
  viewerId: string,
  today: string,
) {
  const byId = 'id' in key;
  const statement = profileStatements(db, byId ? 'by_id' : 'by_username', true, (name) =>
    rawStatement(
      db,
      name,
      userProfileStatement(
        byId ? { id: sql.placeholder('person') } : { username: sql.placeholder('person') },
        sql.placeholder('viewerId'),
        sql.placeholder('today'),
      ),
    ),
  );
  const person = 'id' in key ? key.id : key.username;
  const [row] = await statement.execute({ person, viewerId, today });
  if (!row) return undefined;
  return {
    ...toSummary(row),
    location: row.location,
    isVerified: row.is_verified,
    isPrivate: row.is_private,
    // The genres come from their reviews.
    favoriteGenres: row.can_see_content ? row.favorite_genres : [],
    showsConcertHistory: row.shows_concert_history,
    isBlocked: row.is_blocked,
    canSeeContent: row.can_see_content,
    followRequested: row.follow_requested,
    createdAt: new Date(row.created_at).toISOString(),
    stats: toStats(row),
  };
}

const summaryColumns = (viewerId: string) =>
  sql`u.id, u.username, u.first_name, u.last_name, u.profile_image_url, u.bio,
      ${viewerFollows(viewerId, sql`u.id`)} AS is_following`;

/** `%`, `_` and `\` are wildcards or the escape in LIKE; a search for them means them. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * How `term` is looked for in search_text (lowercased username and names, so LIKE finds
 * what ILIKE would) through users_search_trgm_idx. A term of 3 characters or more may sit
 * anywhere. Two characters hold no trigram, so "anywhere" would read every person; they
 * match where a username or name starts instead, which the index serves through the
 * trigrams of a word's start.
 */
function searchTextMatches(term: string): SQL {
  const escaped = escapeLike(term);
  if (term.length >= 3) return sql`u.search_text LIKE ${`%${escaped}%`}`;
  return sql`(u.search_text LIKE ${`${escaped}%`} OR u.search_text LIKE ${`% ${escaped}%`})`;
}

/**
 * Find Friends looks in tiers, best matches first: usernames that start with the term
 * (the exact username sorts first of them), then first names, then last names that start
 * with it, each in name order from a text_pattern_ops index under the LIMIT; only then
 * people who hold the term anywhere else (users_search_trgm_idx), in name order. A search
 * stops at the first tier that fills the page, so a common name (3,000 people called Yuki)
 * costs a page of index entries rather than a ranking of everyone it matches.
 */
export const SEARCH_TIERS = ['username', 'first-name', 'last-name', 'anywhere'] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];

/** Which people a tier holds and in what order; each leaves out those of the tiers before. */
function searchTier(tier: SearchTier, term: string): { where: SQL; order: SQL } {
  const prefix = `${escapeLike(term)}%`;
  const byUsername = sql`u.username LIKE ${prefix}`;
  const byFirstName = sql`lower(u.first_name) LIKE ${prefix}`;
  const byLastName = sql`lower(u.last_name) LIKE ${prefix}`;
  const not = (condition: SQL) => sql`(${condition}) IS NOT TRUE`;
  switch (tier) {
    case 'username':
      return { where: byUsername, order: sql`u.username USING ~<~, u.id` };
    case 'first-name':
      return {
        where: sql`${byFirstName} AND ${not(byUsername)}`,
        order: sql`lower(u.first_name) USING ~<~, lower(u.last_name) USING ~<~, u.id`,
      };
    case 'last-name':
      return {
        where: sql`${byLastName} AND ${not(byUsername)} AND ${not(byFirstName)}`,
        order: sql`lower(u.last_name) USING ~<~, lower(u.first_name) USING ~<~, u.id`,
      };
    case 'anywhere':
      return {
        where: sql`${searchTextMatches(term)} AND ${not(byUsername)} AND ${not(byFirstName)}
                   AND ${not(byLastName)}`,
        // In name order too, so a fragment inside many names (4,000 people hold "ohe") reads
        // the name index until the page is full; a rare one reads the trigram index.
        order: sql`lower(u.first_name) USING ~<~, lower(u.last_name) USING ~<~, u.id`,
      };
  }
}

/**
 * One tier of Find Friends for `term` (already lowercased and trimmed), without the viewer.
 * Planned for its term (a LIKE prefix becomes an index range); the bench runs it too.
 */
export function searchTierStatement(
  tier: SearchTier,
  term: string,
  viewerId: string,
  limit: number,
): SQL {
  const { where, order } = searchTier(tier, term);
  return sql`SELECT ${summaryColumns(viewerId)}
          FROM ${users} u
         WHERE ${where} AND u.id <> ${viewerId} AND ${notBlockedBetween(viewerId, sql`u.id`)}
         ORDER BY ${order}
         LIMIT ${limit}`;
}

/**
 * People whose username or name holds `term`, best matches first (SEARCH_TIERS).
 * `onTier` hears the LIMIT of each tier statement sent (the bench's ceiling sends the same).
 */
export async function searchPeople(
  db: Db,
  term: string,
  viewerId: string,
  limit: number,
  onTier?: (tierLimit: number) => void,
) {
  const found: SummaryRow[] = [];
  const seen = new Set<string>();
  for (const tier of SEARCH_TIERS) {
    onTier?.(limit - found.length);
    const rows = await executeRows<SummaryRow>(
      db,
      searchTierStatement(tier, term, viewerId, limit - found.length),
    );
    // Someone renamed between two statements could be in both.
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      found.push(row);
    }
    if (found.length >= limit) break;
  }
  return found.map(toSummary);
}

export type FollowDirection = 'followers' | 'following';

/**
 * One page of a person's followers (or of the people they follow), newest follow first,
 * from user_follows_following_idx (or user_follows_follower_created_idx). `before` is the
 * last person of the previous page; their follow row is where the page continues. The
 * indexes hold created_at DESC NULLS LAST, and only that order lets the LIMIT stop early.
 */
export async function selectFollowPage(
  db: Db,
  direction: FollowDirection,
  userId: string,
  viewerId: string,
  page: { limit: number; before?: string | undefined },
) {
  // followers: the rows whose following_id is the person; the people are their follower_id.
  const [own, other] =
    direction === 'followers'
      ? [sql`following_id`, sql`follower_id`]
      : [sql`follower_id`, sql`following_id`];
  const cursor = page.before
    ? sql`AND (f.created_at, f.id) < (SELECT c.created_at, c.id FROM ${userFollows} c
                                       WHERE c.${own} = ${userId} AND c.${other} = ${page.before})`
    : sql``;
  const rows = await executeRows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns(viewerId)}
          FROM ${userFollows} f JOIN ${users} u ON u.id = f.${other}
         WHERE f.${own} = ${userId} ${cursor} AND ${notBlockedBetween(viewerId, sql`u.id`)}
         ORDER BY f.created_at DESC NULLS LAST, f.id DESC
         LIMIT ${page.limit}`,
  );
  return rows.map(toSummary);
}

/** Whether a follow row links the person and `otherId` in that direction. */
export async function followRowExists(
  db: Db,
  direction: FollowDirection,
  userId: string,
  otherId: string,
): Promise<boolean> {
  const [followerId, followingId] =
    direction === 'followers' ? [otherId, userId] : [userId, otherId];
  return hasRow(
    db,
    userFollows,
    and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)),
  );
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return hasRow(db, users, eq(users.id, userId));
}

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
    .select({
      ...concertCardColumns,
      setlistUrl: setlists.source,
      averageRating: concertAverageRating,
    })
    .from(reviews)
    .innerJoin(concerts, eq(concerts.id, reviews.concertId))
    .leftJoin(setlists, eq(setlists.concertId, concerts.id))
    .where(and(eq(reviews.userId, userId), lt(concerts.date, today), cursor))
    .orderBy(desc(concerts.date), desc(concerts.id))
    .limit(page.limit);
}

/** How many people wait for the person's answer to their follow request (the target's index). */
export async function countFollowRequests(db: Db, userId: string): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${followRequests} WHERE target_id = ${userId}`,
  );
  return row?.n ?? 0;
}

/**
 * One page of the people waiting for the person's answer, newest request first, from
 * follow_requests_target_created_idx, and how many wait in all: one statement.
 */
export async function selectFollowRequestPage(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
) {
  const cursor = page.before
    ? sql`AND (fr.created_at, fr.id) < (SELECT c.created_at, c.id FROM ${followRequests} c
                                         WHERE c.target_id = ${userId} AND c.requester_id = ${page.before})`
    : sql``;
  const rows = await executeRows<{
    pending: number;
    requests: {
      id: string;
      username: string | null;
      first_name: string | null;
      last_name: string | null;
      profile_image_url: string | null;
      bio: string | null;
      requested_at: string;
    }[];
  }>(
    db,
    sql`SELECT (SELECT count(*) FROM ${followRequests} WHERE target_id = ${userId})::int AS pending,
               coalesce((SELECT json_agg(page ORDER BY page.sort_at DESC, page.sort_id DESC) FROM (
                 SELECT u.id, u.username, u.first_name, u.last_name, u.profile_image_url, u.bio,
                        to_json(fr.created_at) #>> '{}' AS requested_at,
                        fr.created_at AS sort_at, fr.id AS sort_id
                   FROM ${followRequests} fr JOIN ${users} u ON u.id = fr.requester_id
                  WHERE fr.target_id = ${userId} ${cursor}
                  ORDER BY fr.created_at DESC, fr.id DESC
                  LIMIT ${page.limit}) page), '[]'::json) AS requests`,
  );
  const row = rows[0]!;
  return {
    pending: row.pending,
    requests: row.requests.map((person) => ({
      id: person.id,
      username: person.username,
      firstName: person.first_name,
      lastName: person.last_name,
      profileImageUrl: pictureUrl(person.profile_image_url),
      bio: person.bio,
      requestedAt: new Date(person.requested_at).toISOString(),
    })),
  };
}
