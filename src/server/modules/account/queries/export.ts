/** Everything of one person for their data export, each list in a stable order. */
import { asc, desc, eq } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '#server/db/index.ts';
import {
  artistFollows,
  artists,
  attendance,
  attendanceCompanions,
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
  users,
  pushSubscriptions,
} from '#server/db/schema.ts';
import { noticeActorNames, noticeColumns } from '../../notifications/index.ts';
import { reviewRatingColumns } from '../../reviews/index.ts';

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
  // "Going" and "I was there", newest concert first (the person's part of
  // attendance_user_status_date_idx, sorted).
  const marks = await tx
    .select({
      concertId: attendance.concertId,
      status: attendance.status,
      artist: concerts.artist,
      venue: concerts.venue,
      city: concerts.city,
      date: attendance.concertDate,
      markedAt: attendance.createdAt,
      changedAt: attendance.updatedAt,
      seat: attendance.seat,
      priceAmount: attendance.priceAmount,
      priceCurrency: attendance.priceCurrency,
      note: attendance.note,
    })
    .from(attendance)
    .innerJoin(concerts, eq(concerts.id, attendance.concertId))
    .where(eq(attendance.userId, userId))
    .orderBy(desc(attendance.concertDate), desc(attendance.concertId));
  // Their ticket details' "Went with", by mark.
  const companionRows = await tx
    .select({ concertId: attendanceCompanions.concertId, ...personColumns })
    .from(attendanceCompanions)
    .innerJoin(otherUser, eq(otherUser.id, attendanceCompanions.companionId))
    .where(eq(attendanceCompanions.userId, userId))
    .orderBy(asc(attendanceCompanions.concertId), asc(otherUser.id));
  const companionsOf = new Map<string, (typeof companionRows)[number][]>();
  for (const row of companionRows) {
    companionsOf.set(row.concertId, [...(companionsOf.get(row.concertId) ?? []), row]);
  }
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
  // The browsers they let Encore push to; the push service's address is a secret of its own.
  const devices = await tx
    .select({
      id: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.deviceLabel,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(...oldestFirst(pushSubscriptions));
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
    attendance: marks.map(({ seat, priceAmount, priceCurrency, note, ...mark }) => {
      const companions = (companionsOf.get(mark.concertId) ?? []).map(
        ({ concertId: _concertId, ...person }) => person,
      );
      const pricePaid =
        priceAmount !== null && priceCurrency !== null
          ? { amount: priceAmount, currency: priceCurrency }
          : null;
      const none = seat === null && note === null && pricePaid === null && companions.length === 0;
      return { ...mark, ticket: none ? null : { seat, pricePaid, companions, note } };
    }),
    notifications: notices,
    uploads: files,
    devices: devices.map(({ endpoint, ...device }) => ({
      ...device,
      pushService: new URL(endpoint).origin,
    })),
  };
}
