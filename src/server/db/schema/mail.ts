/** Mail Encore sends: what was sent once per person and occasion, and unsubscribe links used. */
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { UNSUBSCRIBE_KINDS } from '#shared/schemas/email';
import { userReference } from './users.ts';

/** Kinds of mail one may turn off (each maps to a switch of Settings): its unsubscribe link names it. */
export const OPTIONAL_MAIL_KINDS = UNSUBSCRIBE_KINDS;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

/**
 * One row per mail a person got for an occasion (the digest of a local date, a reminder of
 * a show): inserted in the transaction that sends it, so of two workers sending the same
 * one, one inserts and sends, and the other finds the row and sends nothing (decision 0022).
 */
export const mailSent = pgTable(
  'mail_sent',
  {
    userId: userReference('user_id'),
    kind: text('kind').notNull(),
    /** What the mail is about within its kind, e.g. the digest's local date `2026-11-28`. */
    occasion: text('occasion').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.occasion] }),
    // A person's last mail of a kind (the digest lists what came since).
    index('mail_sent_user_kind_sent_idx').on(t.userId, t.kind, t.sentAt),
  ],
);

/**
 * The nonces of unsubscribe links that were used: a link works once, and a used one is
 * refused. They go with the person.
 */
export const mailUnsubscribes = pgTable(
  'mail_unsubscribes',
  {
    nonce: text('nonce').primaryKey(),
    userId: userReference('user_id'),
    kind: text('kind', { enum: OPTIONAL_MAIL_KINDS }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Deleting a person removes their used nonces without reading them all.
  (t) => [index('mail_unsubscribes_user_idx').on(t.userId)],
);
