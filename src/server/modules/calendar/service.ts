/**
 * Calendars: one concert as an .ics download, and a person's private feed (their
 * wishlist, the upcoming shows they are going to and, if they ask, their followed
 * artists' upcoming shows in their cities)
 * that calendar apps read by its secret address. The feed is read from the database on
 * every request, never from the response cache: a wishlist change shows at the next read.
 */
import { randomBytes } from 'node:crypto';
import type { CalendarFeed } from '#shared/schemas/calendar';
import { notFound } from '#server/http-error.ts';
import { todayOfPerson } from '../account/index.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import { CONCERT_NOT_FOUND, lookUpProviderConcert } from '../concerts/index.ts';
import { citiesOfPerson } from '../show-alerts/index.ts';
import { feedText } from './feed-texts.ts';
import { concertsCalendar, type CalendarConcert } from './ics.ts';
import {
  ensureCalendarFeed,
  findCalendarConcert,
  findCalendarFeedByToken,
  selectFeedDigest,
  selectFollowedArtistsCalendar,
  selectGoingCalendar,
  selectWishlistCalendar,
  upsertCalendarFeed,
  type CalendarFeedRow,
} from './queries.ts';
import { artistSlug } from './show-time.ts';

export const FEED_NOT_FOUND = 'Calendar feed not found';

/** 32 random bytes: 43 characters nobody guesses. */
const newToken = () => randomBytes(32).toString('base64url');

/** The feed's address, without the origin: whoever holds it reads the calendar. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

const toFeed = (row: CalendarFeedRow): CalendarFeed => ({
  path: calendarFeedPath(row.token),
  includeFollowedArtists: row.includeFollowedArtists,
});

/** The person's feed; the first ask makes it. */
export async function getCalendarFeed(ctx: SignedInContext): Promise<CalendarFeed> {
  return toFeed(await ensureCalendarFeed(ctx.db, ctx.viewerId, newToken()));
}

/** A new address; the old one answers 404 from now on. */
export async function resetCalendarFeed(ctx: SignedInContext): Promise<CalendarFeed> {
  const token = newToken();
  return toFeed(await upsertCalendarFeed(ctx.db, ctx.viewerId, token, { token }));
}

export async function updateCalendarFeed(
  ctx: SignedInContext,
  includeFollowedArtists: boolean,
): Promise<CalendarFeed> {
  const row = await upsertCalendarFeed(ctx.db, ctx.viewerId, newToken(), {
    includeFollowedArtists,
  });
  return toFeed(row);
}

/**
 * `{token}.ics` → the feed's text and its ETag; 404 for any token that is not someone's
 * current one.
 */
export async function readCalendarFeed(
  ctx: ServiceContext,
  file: string,
  origin: string,
  reminderHours: number,
): Promise<{ text: string; etag: string }> {
  const token = /^([\w-]{32,100})\.ics$/.exec(file)?.[1];
  const feed = token ? await findCalendarFeedByToken(ctx.db, token) : undefined;
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const today = await todayOfPerson(ctx.db, feed.userId);
  const cities = feed.includeFollowedArtists ? await citiesOfPerson(ctx.db, feed.userId) : null;
  const digest = await selectFeedDigest(ctx.db, feed.userId, today, cities);
  const text = await feedText(`${feed.userId}|${origin}`, digest, async () => {
    const [saved, going, followed] = await Promise.all([
      selectWishlistCalendar(ctx.db, feed.userId),
      selectGoingCalendar(ctx.db, feed.userId, today),
      cities ? selectFollowedArtistsCalendar(ctx.db, feed.userId, cities, today) : [],
    ]);
    // A show saved and marked "Going", or also a followed artist's, is one event.
    const listed = new Set<string>();
    const concerts = [...saved, ...going, ...followed].filter((concert) => {
      if (listed.has(concert.id)) return false;
      listed.add(concert.id);
      return true;
    });
    // "Going" shows remind as Encore does (CONCERT_REMINDER_HOURS before the start).
    const alarms = { hours: reminderHours, concertIds: new Set(going.map((show) => show.id)) };
    return concertsCalendar(concerts, { name: 'Encore', origin, alarms });
  });
  // Weak: the same text, whatever compression the answer goes out with.
  return { text, etag: `W/"${digest}"` };
}

/** A tm_ / sfm_ concert the page showed from its provider, not (yet) in the catalogue. */
async function providerConcert(
  ctx: ServiceContext,
  id: string,
): Promise<CalendarConcert | undefined> {
  const found = await lookUpProviderConcert(ctx, id);
  if (!found) return undefined;
  const { concert } = found;
  return { ...concert, updatedAt: new Date() };
}

/** One concert as a file to open in a calendar app, named `{artist-slug}-{yyyy-mm-dd}.ics`. */
export async function concertCalendarFile(
  ctx: ServiceContext,
  concertId: string,
  origin: string,
): Promise<{ fileName: string; text: string }> {
  const concert =
    (await findCalendarConcert(ctx.db, concertId)) ?? (await providerConcert(ctx, concertId));
  if (!concert) throw notFound(CONCERT_NOT_FOUND);
  return {
    fileName: `${artistSlug(concert.artist)}-${concert.date}.ics`,
    text: concertsCalendar([concert], { name: concert.artist, origin }),
  };
}
