/**
 * Who may see a person's content: the one place the rule is written. A person's reviews
 * (in every list and alone), their concert history and their followers and following
 * lists are shown to a viewer only when `authorVisibleTo` holds; their history also needs
 * `historyVisibleTo`. Every read that shows such content puts these predicates in its own
 * WHERE, so a page stays one statement (no N+1) whose LIMIT counts only what may be shown.
 *
 * The rule today: anyone sees a public person's content; a private person's is seen by
 * themself and the people who follow them (an approved follow: a pending follow request
 * is not a follow); and nobody sees the content of someone they blocked or who blocked
 * them (blocks.ts), signed in.
 *
 * Each predicate probes primary keys and the follow pair's unique index, whatever the
 * size of the tables.
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '#server/db/index.ts';
import { followRequests, reviews, userFollows, userSettings, users } from '#server/db/schema.ts';
import { forbidden, notFound } from '#server/http-error.ts';
import { notBlockedBetween } from './blocks.ts';

type Value<T> = T | Placeholder;
/** A viewer's id; undefined for someone signed out. */
export type ViewerId = Value<string> | undefined;
/** Where a statement holds the person's id: a column, or SQL naming one. */
export type PersonIdColumn = AnyPgColumn | SQL;

export const USER_NOT_FOUND = 'User not found';
export const ACCOUNT_PRIVATE = 'This account is private';
export const HISTORY_PRIVATE = 'This person keeps their concert history private.';

/** Whether `viewerId` follows the person whose id is `personId` (an approved follow). */
export const viewerFollows = (viewerId: Value<string>, personId: PersonIdColumn) =>
  sql`EXISTS (SELECT 1 FROM ${userFollows} vis_follow
               WHERE vis_follow.follower_id = ${viewerId} AND vis_follow.following_id = ${personId})`;

/** Whether `viewerId` asked to follow the person whose id is `personId` and waits for an answer. */
export const viewerRequested = (viewerId: Value<string>, personId: PersonIdColumn) =>
  sql`EXISTS (SELECT 1 FROM ${followRequests} vis_request
               WHERE vis_request.requester_id = ${viewerId} AND vis_request.target_id = ${personId})`;

/**
 * Whether the viewer may see the content (reviews, history, follow lists) of the person
 * whose id is in `personId`: true for their own, for a public person's, and for a private
 * person's when the viewer follows them; never across a block. Signed out, only public
 * people's.
 */
export function authorVisibleTo(viewerId: ViewerId, personId: PersonIdColumn): SQL {
  if (viewerId === undefined) {
    return sql`NOT EXISTS (SELECT 1 FROM ${users} vis_person
                            WHERE vis_person.id = ${personId} AND vis_person.is_private)`;
  }
  return sql`((${personId} = ${viewerId} OR NOT EXISTS (
      SELECT 1 FROM ${users} vis_person
       WHERE vis_person.id = ${personId} AND vis_person.is_private
         AND NOT ${viewerFollows(viewerId, sql`vis_person.id`)}))
    AND ${notBlockedBetween(viewerId, sql`${personId}`)})`;
}

/**
 * Whether the viewer may see the person's concert history (the History tab and how many
 * concerts they have been to): their content must be visible to the viewer, and the person
 * must show it ("Show concert history"), unless it is the viewer's own.
 */
export function historyVisibleTo(viewerId: ViewerId, personId: PersonIdColumn): SQL {
  const own = viewerId === undefined ? sql`false` : sql`${personId} = ${viewerId}`;
  return sql`(${authorVisibleTo(viewerId, personId)} AND (${own} OR NOT EXISTS (
      SELECT 1 FROM ${userSettings} vis_settings
       WHERE vis_settings.user_id = ${personId} AND NOT vis_settings.show_concert_history)))`;
}

export interface PersonAccess {
  content: boolean;
  history: boolean;
}

/** What the viewer may see of the person, in one statement; undefined when there is no such person. */
export async function selectPersonAccess(
  db: Database | Tx,
  personId: string,
  viewerId: string | undefined,
): Promise<PersonAccess | undefined> {
  const person = alias(users, 'person');
  const [row] = await db
    .select({
      content: sql<boolean>`${authorVisibleTo(viewerId, person.id)}`,
      history: sql<boolean>`${historyVisibleTo(viewerId, person.id)}`,
    })
    .from(person)
    .where(eq(person.id, personId));
  return row && { content: Boolean(row.content), history: Boolean(row.history) };
}

/**
 * Refuses (404 for nobody, 403 for a private person) unless the viewer may see the person's
 * content: the reads of one person's reviews and follow lists ask this first, so a stranger
 * gets an answer in the error format, never an empty list that looks like "no reviews".
 */
export async function requireContentAccess(
  db: Database | Tx,
  personId: string,
  viewerId: string | undefined,
): Promise<PersonAccess> {
  const access = await selectPersonAccess(db, personId, viewerId);
  if (!access) throw notFound(USER_NOT_FOUND);
  if (!access.content) throw forbidden(ACCOUNT_PRIVATE);
  return access;
}

/** As requireContentAccess, for the person's concert history. */
export async function requireHistoryAccess(
  db: Database | Tx,
  personId: string,
  viewerId: string | undefined,
): Promise<void> {
  const access = await requireContentAccess(db, personId, viewerId);
  if (!access.history) throw forbidden(HISTORY_PRIVATE);
}

/**
 * Refuses with 404 (`notFoundMessage`) unless the review exists and the viewer may see its
 * author's content: what is read or written beside a review (its comments, its likes)
 * asks this first. Answers the review's author. One primary-key lookup.
 */
export async function requireReviewAccess(
  db: Database | Tx,
  reviewId: string,
  viewerId: string | undefined,
  notFoundMessage: string,
): Promise<{ authorId: string }> {
  const r = alias(reviews, 'r');
  const [row] = await db
    .select({ authorId: r.userId, visible: sql<boolean>`${authorVisibleTo(viewerId, r.userId)}` })
    .from(r)
    .where(eq(r.id, reviewId));
  if (!row?.visible) throw notFound(notFoundMessage);
  return { authorId: row.authorId };
}
