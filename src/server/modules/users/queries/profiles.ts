/** A person's profile as the viewer sees it, in one statement. */
import { and, eq, sql } from 'drizzle-orm';
import { FAVORITE_GENRES_DERIVED } from '#shared/limits';
import type { Database, Tx } from '#server/db/index.ts';
import { concerts, reviews } from '#server/db/schema.ts';
import { statementCache, type PreparedOf } from '#server/db/statements.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { hasBlocked } from '../blocks.ts';
import { viewerFollows, viewerRequested } from '../visibility.ts';
import { personColumns } from './person-columns.ts';
import { accessColumns, numberColumns, numbersOf, person, toStats, type Value } from './numbers.ts';

type Db = Database | Tx;

export type PersonKey = { id: string } | { username: string };
type PersonKeyOf<T> = { id: T } | { username: T };

/**
 * A person's profile as the viewer sees it, in one statement: their row, numbers, the
 * genres of the concerts they reviewed most recently, what of their content the viewer may
 * see (visibility.ts), whether the viewer follows them, asked to, or blocked them. Someone
 * who blocked the viewer has no profile for them. The bench runs it too.
 */
export function userProfileStatement(
  db: Db,
  key: PersonKeyOf<Value<string>>,
  viewerId: Value<string>,
  today: Value<string>,
) {
  // Usernames are stored lowercased (a CHECK says so), so the unique index answers any case.
  const where =
    'id' in key ? eq(person.id, key.id) : sql`${person.username} = lower(${key.username})`;
  const mine = numbersOf(db);
  return db
    .select({
      ...personColumns(person),
      location: person.location,
      isVerified: person.isVerified,
      isPrivate: person.isPrivate,
      createdAt: person.createdAt,
      favoriteGenres: sql<
        string[]
      >`ARRAY(SELECT c.genre FROM ${reviews} r JOIN ${concerts} c ON c.id = r.concert_id
                      WHERE r.user_id = ${person.id} AND c.genre IS NOT NULL
                      GROUP BY c.genre ORDER BY max(r.created_at) DESC, c.genre
                      LIMIT ${FAVORITE_GENRES_DERIVED})`,
      ...accessColumns(viewerId),
      isFollowing: sql<boolean>`${viewerFollows(viewerId, person.id)}`,
      isBlocked: sql<boolean>`${hasBlocked(viewerId, sql`${person.id}`)}`,
      followRequested: sql<boolean>`${viewerRequested(viewerId, person.id)}`,
      ...numberColumns(mine, today),
    })
    .from(person)
    .crossJoinLateral(mine)
    .where(and(where, sql`NOT ${hasBlocked(sql`${person.id}`, viewerId)}`));
}

// A named statement: planning a profile costs several times more than running it (a
// primary-key or unique lookup whatever the values); the bench's s2 shows the difference.
const profileStatements = statementCache<PreparedOf<typeof userProfileStatement>>('user_profile');

/** selectUserProfile's answer; undefined when there is no such person. */
export async function selectUserProfile(
  db: Database,
  key: PersonKey,
  viewerId: string,
  today: string,
) {
  const byId = 'id' in key;
  const statement = profileStatements(db, byId ? 'by_id' : 'by_username', true, (name) =>
    userProfileStatement(
      db,
      byId ? { id: sql.placeholder('person') } : { username: sql.placeholder('person') },
      sql.placeholder('viewerId'),
      sql.placeholder('today'),
    ).prepare(name),
  );
  const [row] = await statement.execute({
    person: byId ? key.id : key.username,
    viewerId,
    today,
  });
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: pictureUrl(row.profileImageUrl),
    bio: row.bio,
    isFollowing: row.isFollowing,
    location: row.location,
    isVerified: row.isVerified,
    isPrivate: row.isPrivate,
    // The genres come from their reviews.
    favoriteGenres: row.canSeeContent ? row.favoriteGenres : [],
    showsConcertHistory: row.showsConcertHistory,
    isBlocked: row.isBlocked,
    canSeeContent: row.canSeeContent,
    followRequested: row.followRequested,
    createdAt: row.createdAt.toISOString(),
    stats: toStats(row),
  };
}
