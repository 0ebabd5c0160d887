/** Calendar feeds and new-show alerts: what a person keeps of upcoming shows outside Encore. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CITIES } from '#shared/limits';
import { createdAt, textList, updatedAt } from './columns.ts';
import { concertReference } from './concerts.ts';
import { notifications } from './social.ts';
import { userReference } from './users.ts';

/**
 * One private feed address per person. The token is kept as it is: Settings shows the
 * whole address on every visit, and it only opens this calendar. A reset replaces it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: userReference('user_id').primaryKey(),
    token: text('token').notNull(),
    includeFollowedArtists: boolean('include_followed_artists').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('calendar_feeds_token_unique').on(t.token),
    check('calendar_feeds_token_length', sql`length(${t.token}) >= 32`),
  ],
);

const cityNames = sql.raw(`ARRAY[${CITIES.map((c) => `'${c.name}'`).join(', ')}]::text[]`);

/** New-show alerts: on unless a row turns them off; cities chosen beside the profile's location. */
export const showAlertSettings = pgTable(
  'show_alert_settings',
  {
    userId: userReference('user_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    /** City names (as concerts name them), never the slugs the API speaks. */
    cities: textList('cities'),
    updatedAt: updatedAt(),
  },
  (t) => [check('show_alert_settings_cities', sql`${t.cities} <@ ${cityNames}`)],
);

/**
 * Each new show told to each person once, inside the day's notice that lists it
 * (refresh_show_alert_notice, migration 0024, counts the shows under a notice).
 */
export const showAlerts = pgTable(
  'show_alerts',
  {
    userId: userReference('user_id'),
    concertId: concertReference('concert_id'),
    notificationId: uuid('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.concertId] }),
    index('show_alerts_notification_idx')
      .on(t.notificationId)
      .where(sql`${t.notificationId} IS NOT NULL`),
    index('show_alerts_concert_idx').on(t.concertId),
  ],
);
