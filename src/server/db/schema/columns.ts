/** Column kinds every table uses. */
import { sql } from 'drizzle-orm';
import { RATING_MAX, RATING_MIN } from '#shared/limits';
import { numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's own id: a random uuid. */
export const rowId = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A list of texts (names, keys, songs): empty, never null, when there are none. */
export const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/** A number from shared/limits.ts written into a constraint's SQL as it is. */
export const literal = (value: number) => sql.raw(String(value));

/** Ratings keep half steps (4.5), so they are numeric(2,1), read back as numbers. */
export const rating = (name: string) =>
  numeric(name, { precision: 2, scale: 1, mode: 'number' }).notNull();
export const ratingInRange = (column: string) =>
  sql.raw(
    `${column} BETWEEN ${RATING_MIN} AND ${RATING_MAX} AND ${column} * 2 = floor(${column} * 2)`,
  );
