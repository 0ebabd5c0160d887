/** Sign-in: Encore's sessions, the embedded provider's accounts and state, limits and reset links. */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.ts';
import { users } from './users.ts';

/** Server-side sessions: the cookie carries only the signed sid. */
export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** Whose session this is, once signed in: their sessions can be listed and ended, and go with them. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_expire_idx').on(t.expire), index('session_user_idx').on(t.userId)],
);

/** Accounts of the embedded sign-in provider. Encore's `users` never see the password. */
export const localAccounts = pgTable('local_accounts', {
  id: rowId(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: varchar('first_name', { length: 100 }).notNull(),
  lastName: varchar('last_name', { length: 100 }),
  /**
   * The Encore user this account signs in as, set at its first sign-in: the account goes
   * with the user, and a reset can find the user's sessions.
   */
  userId: uuid('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** State of the embedded OpenID provider: grants, sessions, codes, tokens. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
    // Deleting an account removes the grants, sessions and tokens that name it.
    index('oidc_payloads_account_idx').on(sql`(${t.payload}->>'accountId')`),
  ],
);

/** Keys generated once and shared by every instance: signing keys, cookie keys. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * What the sign-in limits count, one row per key (an account and address together, an
 * address, ...): attempts in the current window, and how many windows in a row overflowed,
 * which makes the next window longer.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    strikes: integer('strikes').notNull().default(0),
  },
  (t) => [index('auth_throttles_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * Requests counted by the per-address request limits (lib/shared-rate-limit.ts), one row
 * per key and window, shared by every instance. Unlogged: a crash may forget a minute of
 * counts, which costs nothing worth a WAL write per reservation.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One-time password reset links: only a hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => localAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_account_idx').on(t.accountId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);
