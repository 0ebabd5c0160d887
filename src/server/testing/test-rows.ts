/**
 * The seed factories, each writing to one test database: `create.review({ userId })` for
 * `createReview(db(), { userId })`. The database is read when a row is made, so `create`
 * can be taken from the test app at a file's top level, before beforeAll has made it.
 */
import type { Database } from '../db/index.ts';
import {
  createComment,
  createConcert,
  createFollow,
  createLike,
  createNotification,
  createReview,
  createUser,
  createWishlistEntry,
  type Db,
} from '../db/seed/factories.ts';

export function testRows(db: () => Database) {
  const into =
    <Fields, Row>(create: (db: Db, overrides?: Fields) => Promise<Row>) =>
    (overrides?: Fields) =>
      create(db(), overrides);
  return {
    user: into(createUser),
    concert: into(createConcert),
    review: into(createReview),
    comment: into(createComment),
    follow: into(createFollow),
    like: into(createLike),
    wishlistEntry: into(createWishlistEntry),
    notification: into(createNotification),
  };
}

export type TestRows = ReturnType<typeof testRows>;
