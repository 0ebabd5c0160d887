/**
 * New-show alerts: a followed artist's new show in one of the person's cities (their
 * profile's location, and the cities they chose) is told once, in one notice per day that
 * lists the day's new shows. Shows are new when they enter the catalogue: a provider
 * import records a 'concert-announced' change, whose job (`alertNewShow`) tells people.
 */
import type { ShowAlertSettings, ShowAlertSettingsUpdate } from '#shared/schemas/calendar';
import type { CitySlug } from '#shared/limits';
import type { Writer } from '#server/changes/index.ts';
import type { WriteLimits } from '#server/config.ts';
import { notFound } from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { cityNamesOfSlugs, cityOfLocation, citySlugsOfNames } from './cities.ts';
import { alertFollowersOfShow, selectAlertSettings, upsertAlertSettings } from './queries.ts';
import type { Database } from '#server/db/index.ts';

function toSettings(row: { location: string | null; enabled: boolean; cities: string[] }) {
  return {
    enabled: row.enabled,
    cities: citySlugsOfNames(row.cities),
    profileCity: (cityOfLocation(row.location)?.slug ?? null) as CitySlug | null,
  } satisfies ShowAlertSettings;
}

export async function getShowAlertSettings(ctx: SignedInContext): Promise<ShowAlertSettings> {
  const row = await selectAlertSettings(ctx.db, ctx.viewerId);
  if (!row) throw notFound('User not found');
  return toSettings(row);
}

/**
 * PUT /api/users/me/show-alerts. A save turned on looks up the person's artists at the
 * provider (a job), so saves count against an hourly allowance, or answer 429.
 */
export async function updateShowAlertSettings(
  ctx: SignedInContext,
  update: ShowAlertSettingsUpdate,
  limits: WriteLimits,
): Promise<ShowAlertSettings> {
  const userId = ctx.viewerId;
  // As account/throttle-keys.ts names it, so the key goes with the account.
  await countOrRefuse(ctx.db, 'alert saves', [
    hourlyRule(`alert-saves:${userId}`, limits.alertSavesPerUserPerHour),
  ]);
  await ctx.write(async (tx, changes) => {
    await upsertAlertSettings(tx, userId, {
      enabled: update.enabled,
      cities: cityNamesOfSlugs(update.cities),
    });
    // Shows already at Ticketmaster in a city just chosen are looked for now, not at the
    // next scheduled refresh.
    if (update.enabled) changes.record({ kind: 'show-alerts-changed', userId });
  });
  return getShowAlertSettings(ctx);
}

/**
 * The city names a person's followed-artist shows are looked for in: their chosen cities
 * and their profile's. Empty for nobody.
 */
export async function citiesOfPerson(db: Database, userId: string): Promise<string[]> {
  const row = await selectAlertSettings(db, userId);
  if (!row) return [];
  const profile = cityOfLocation(row.location)?.name;
  return [...new Set([...(profile ? [profile] : []), ...row.cities])];
}

/** The 'show-alerts' job: tells the concert's followers in its city, once each. */
export async function alertNewShow(
  deps: { writer: Writer },
  concertId: string,
  today: string = todayIso(),
): Promise<number> {
  return deps.writer.write(async (tx) => alertFollowersOfShow(tx, concertId, today));
}
