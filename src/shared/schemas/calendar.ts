import { z } from 'zod';
import { CITIES } from '../limits.ts';
import { CITY_SLUGS } from './concerts.ts';

/** A person's private calendar feed: the path of its address (the client adds its origin). */
export const calendarFeedSchema = z
  .object({
    /** `/api/calendar/{token}.ics`: anyone holding it can read the calendar, nobody else. */
    path: z.string(),
    includeFollowedArtists: z.boolean(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedUpdateSchema = z.strictObject({
  includeFollowedArtists: z.boolean({ error: 'includeFollowedArtists must be true or false' }),
});
export type CalendarFeedUpdate = z.infer<typeof calendarFeedUpdateSchema>;

/** `{token}.ics` as the feed's address ends. */
export const calendarFeedParams = z.object({ file: z.string().max(200) });

/** New-show alerts: on or off, and the cities (slugs) chosen beside the profile's location. */
export const showAlertSettingsSchema = z
  .object({
    enabled: z.boolean(),
    cities: z.array(z.enum(CITY_SLUGS)),
    /** The profile's location when it names one of our cities (always included), else null. */
    profileCity: z.enum(CITY_SLUGS).nullable(),
  })
  .meta({ id: 'ShowAlertSettings' });
export type ShowAlertSettings = z.infer<typeof showAlertSettingsSchema>;

export const showAlertSettingsUpdateSchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  cities: z
    .array(
      z.enum(CITY_SLUGS, {
        error: `cities must be among ${CITIES.map((c) => c.slug).join(', ')}`,
      }),
      { error: 'cities must be a list of city slugs' },
    )
    .max(CITIES.length, `cities may name at most ${CITIES.length} cities`)
    .refine((list) => new Set(list).size === list.length, 'cities must not repeat a city'),
});
export type ShowAlertSettingsUpdate = z.infer<typeof showAlertSettingsUpdateSchema>;
