/** Web push: the browsers (devices) a person let Encore reach while its tab is closed. */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, rowId } from './columns.ts';
import { userReference } from './users.ts';

/**
 * One browser's PushSubscription: the push service's address (`endpoint`, unique: a browser
 * has one per site) and the keys its payloads are encrypted for. The per-person cap
 * (PUSH_DEVICES_PER_USER) is kept by the insert's own statement (modules/push/queries.ts).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: rowId(),
    userId: userReference('user_id'),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser and system, from its User-Agent, shown under "Your devices". */
    deviceLabel: text('device_label'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);
