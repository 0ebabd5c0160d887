import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '#server/db/index.ts';
import {
  artistFollows,
  artists,
  authThrottles,
  blocks,
  calendarFeeds,
  concertWishlist,
  concerts,
  notifications,
  reviewComments,
  reviewLikes,
  reviews,
  showAlertSettings,
  uploads,
  userFollows,
  userSettings,
  users,
} from '#server/db/schema.ts';
import { findRow, findValue } from '#server/lib/has-row.ts';
import { noticeActorNames, noticeColumns } from '../notifications/index.ts';
import { reviewRatingColumns } from '../reviews/index.ts';

type Db = Database | Tx;

export type UserRow = typeof users.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'firstName'
    | 'lastName'
    | 'username'
    | 'bio'
    | 'location'
    | 'profileImageUrl'
    | 'pendingProfileUploadId'
  >
>;

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return findRow(db, users, eq(users.id, userId));
}

/** The user row, locked until the transaction ends, so two edits of one profile take turns. */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Whose username this is (usernames are stored lowercased). */
export async function usernameOwner(db: Db, username: string): Promise<string | undefined> {
  return findValue(db, users.id, eq(users.username, username.toLowerCase()));
}

export async function updateUser(tx: Tx, userId: string, changes: UserChanges): Promise<UserRow> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row!;
}

/** The profile picture this person uploaded under `fileKey`, with how far it is. */
export async function findOwnProfileUpload(db: Db, userId: string, fileKey: string) {
  const [row] = await db
    .select({ id: uploads.id, state: uploads.state })
    .from(uploads)
    .where(
      and(eq(uploads.userId, userId), eq(uploads.fileKey, fileKey), eq(uploads.purpose, 'profile')),
    );
  return row;
}

// Settings

export async function selectSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ settings: userSettings, isPrivate: users.isPrivate })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export type SettingsColumns = Partial<
  Omit<SettingsRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>
>;

/** Creates the row with `changes` over the defaults, or changes the one there (one statement). */
export async function upsertSettings(
  tx: Tx,
  userId: string,
  changes: SettingsColumns,
): Promise<SettingsRow> {
  const [row] = await tx
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function setPrivate(tx: Tx, userId: string, isPrivate: boolean): Promise<void> {
  await tx.update(users).set({ isPrivate }).where(eq(users.id, userId));
}

// Deletion

/**
 * Takes the person's likes off the counters of the reviews they liked (the like rows
 * themselves go by cascade); returns those reviews with their concerts.
 */
export async function unlikeEverything(tx: Tx, userId: string) {
  return tx
    .update(reviews)
    .set({ likes: sql`${reviews.likes} - 1`, updatedAt: sql`${reviews.updatedAt}` })
    .where(
      inArray(
        reviews.id,
        tx
          .select({ id: reviewLikes.reviewId })
          .from(reviewLikes)
          .where(eq(reviewLikes.userId, userId)),
      ),
    )
    .returning({ id: reviews.id, concertId: reviews.concertId });
}

/**
 * The concerts the person reviewed, their rows locked in id order. Deleting the reviews
 * takes each concert's review totals down (a trigger), which locks its row; taken here in
 * one order, two deletions that share concerts wait for each other instead of deadlocking.
 */
export async function lockReviewedConcerts(tx: Tx, userId: string): Promise<string[]> {
  const reviewed = tx
    .select({ concertId: reviews.concertId })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const rows = await tx
    .select({ id: concerts.id })
    .from(concerts)
    .where(inArray(concerts.id, reviewed))
    .orderBy(asc(concerts.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

export async function commentedReviews(tx: Tx, userId: string) {
  return tx
    .selectDistinct({ reviewId: reviews.id, concertId: reviews.concertId })
    .from(reviewComments)
    .innerJoin(reviews, eq(reviews.id, reviewComments.reviewId))
    .where(eq(reviewComments.userId, userId));
}

export async function deleteUploadsOf(tx: Tx, userId: string) {
  return tx.delete(uploads).where(eq(uploads.userId, userId)).returning({
    fileKey: uploads.fileKey,
    thumbnailKey: uploads.thumbnailKey,
    originalKey: uploads.originalKey,
  });
}

/** Follows go first, while both rows exist: their trigger keeps the others' counters right. */
export async function deleteFollowsOf(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(userFollows)
    .where(or(eq(userFollows.followerId, userId), eq(userFollows.followingId, userId)));
}

/** The limits' rows of these keys, and of every key under each of `families` (`<family>:…`). */
export async function deleteThrottlesOf(
  tx: Tx,
  keys: string[],
  families: string[] = [],
): Promise<void> {
  await tx
    .delete(authThrottles)
    .where(
      or(
        inArray(authThrottles.key, [...keys, ...families]),
        ...families.map((family) => like(authThrottles.key, `${family}:%`)),
      ),
    );
}

/** The user row; every row of theirs left goes with it by cascade. */
export async function deleteUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

// Export: everything of one person, each list in a stable order.

const otherUser = alias(users, 'other');
const personColumns = {
  id: otherUser.id,
  username: otherUser.username,
  firstName: otherUser.firstName,
  lastName: otherUser.lastName,
};

/** The stable order of every exported list: oldest first, ties by id. */
function oldestFirst(table: { createdAt: AnyPgColumn; id: AnyPgColumn }) {
  return [asc(table.createdAt), asc(table.id)];
}

export async function exportRows(tx: Tx, userId: string) {
  const reviewRows = await tx
    .select({
      id: reviews.id,
      concertId: reviews.concertId,
      artist: concerts.artist,
      venue: concerts.venue,
      city: concerts.city,
      date: concerts.date,
      ...reviewRatingColumns,
      reviewText: reviews.reviewText,
      highlights: reviews.highlights,
      media: reviews.media,
      likes: reviews.likes,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      editedAt: reviews.editedAt,
    })
    .from(reviews)
    .innerJoin(concerts, eq(concerts.id, reviews.concertId))
    .where(eq(reviews.userId, userId))
    .orderBy(...oldestFirst(reviews));
  const comments = await tx
    .select({
      id: reviewComments.id,
      reviewId: reviewComments.reviewId,
      commentText: reviewComments.commentText,
      createdAt: reviewComments.createdAt,
      updatedAt: reviewComments.updatedAt,
    })
    .from(reviewComments)
    .where(eq(reviewComments.userId, userId))
    .orderBy(...oldestFirst(reviewComments));
  const likes = await tx
    .select({
      id: reviewLikes.id,
      reviewId: reviewLikes.reviewId,
      createdAt: reviewLikes.createdAt,
    })
    .from(reviewLikes)
    .where(eq(reviewLikes.userId, userId))
    .orderBy(...oldestFirst(reviewLikes));
  // The people on the other side of the person's follows: `them` follows `us` or the other way.
  const follows = (them: AnyPgColumn, us: AnyPgColumn) =>
    tx
      .select({ ...personColumns, followedAt: userFollows.createdAt })
      .from(userFollows)
      .innerJoin(otherUser, eq(otherUser.id, them))
      .where(eq(us, userId))
      .orderBy(...oldestFirst(userFollows));
  const followers = await follows(userFollows.followerId, userFollows.followingId);
  const following = await follows(userFollows.followingId, userFollows.followerId);
  // The people they blocked; who blocked them is not theirs to know.
  const blocked = await tx
    .select({ ...personColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(otherUser, eq(otherUser.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt), asc(blocks.blockedId));
  const wishlist = await tx
    .select({
      id: concertWishlist.id,
      concertId: concertWishlist.concertId,
      artist: concerts.artist,
      venue: concerts.venue,
      city: concerts.city,
      date: concerts.date,
      addedAt: concertWishlist.createdAt,
    })
    .from(concertWishlist)
    .innerJoin(concerts, eq(concerts.id, concertWishlist.concertId))
    .where(eq(concertWishlist.userId, userId))
    .orderBy(...oldestFirst(concertWishlist));
  const notices = await tx
    .select({ ...noticeColumns, actor: noticeActorNames, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...oldestFirst(notifications));
  const files = await tx
    .select({
      id: uploads.id,
      purpose: uploads.purpose,
      kind: uploads.kind,
      contentType: uploads.contentType,
      fileKey: uploads.fileKey,
      thumbnailKey: uploads.thumbnailKey,
      byteSize: uploads.byteSize,
      state: uploads.state,
      originalName: uploads.originalName,
      reviewId: uploads.reviewId,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.userId, userId))
    .orderBy(...oldestFirst(uploads));
  const followedArtists = await tx
    .select({ id: artists.id, name: artists.name, followedAt: artistFollows.createdAt })
    .from(artistFollows)
    .innerJoin(artists, eq(artists.id, artistFollows.artistId))
    .where(eq(artistFollows.userId, userId))
    .orderBy(...oldestFirst(artistFollows));
  const [calendarFeed] = await tx
    .select({
      token: calendarFeeds.token,
      includeFollowedArtists: calendarFeeds.includeFollowedArtists,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  const [showAlerts] = await tx
    .select({ enabled: showAlertSettings.enabled, cities: showAlertSettings.cities })
    .from(showAlertSettings)
    .where(eq(showAlertSettings.userId, userId));
  return {
    reviews: reviewRows,
    comments,
    likes,
    follows: { followers, following },
    followedArtists,
    calendarFeed,
    showAlerts,
    blocked,
    wishlist,
    notifications: notices,
    uploads: files,
  };
}
