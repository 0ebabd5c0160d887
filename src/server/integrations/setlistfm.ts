/**
 * setlist.fm API 1.0: past concerts of an artist, and one setlist with its songs, with ids
 * `sfm_<setlistId>`, and the setlists a user marked attended, page by page (a diary import).
 * The key goes in the `x-api-key` header; without `Accept: application/json` the API
 * answers XML. A search with no matches is a 404, which here is simply an empty list; an
 * unknown user is a 404 too. Errors come out as ProviderError.
 */
import tzLookup from '@photostructure/tz-lookup';
import { z } from 'zod';
import {
  failureForStatus,
  ourCityName,
  ProviderClient,
  providerTuning,
  type ProviderConcert,
  type ProviderConnection,
} from './provider-kit.ts';
import { SETLISTFM_ID_PREFIX } from '#shared/constants';

export { SETLISTFM_ID_PREFIX };

export const SETLISTFM_DEFAULTS = providerTuning({
  // Standard keys allow 2 requests per second, and a burst can 429 on the second call.
  requestsPerSecond: 2,
  burst: 1,
  maxWaitMs: 500,
  cooldownMs: 2000,
});

const artistSchema = z.object({ name: z.string() });

const setlistSchema = z.object({
  id: z.string().min(1),
  eventDate: z.string(),
  artist: artistSchema,
  venue: z.object({
    name: z.string(),
    city: z
      .object({
        name: z.string(),
        coords: z.object({ lat: z.number(), long: z.number() }).partial().optional(),
      })
      .optional(),
  }),
  tour: z.object({ name: z.string().optional() }).optional(),
  sets: z
    .object({
      set: z
        .array(
          z.object({
            encore: z.number().optional(),
            song: z
              .array(z.object({ name: z.string().optional(), tape: z.boolean().optional() }))
              .optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  info: z.string().optional(),
  url: z.string().optional(),
});
type Setlist = z.infer<typeof setlistSchema>;

const searchSchema = z.object({ setlist: z.array(z.unknown()).optional() });

/** The `setlists` answer with its paging, as the attended list sends it. */
const pagedSchema = searchSchema.extend({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  itemsPerPage: z.number().int().min(1),
});

/** One page of the setlists a user attended. */
export interface AttendedPage {
  /** Those of the page that read as concerts (a setlist without a city or a date is left out). */
  setlists: SetlistDetail[];
  /** Every setlist the page held, read or not: how far through `total` the page goes. */
  count: number;
  total: number;
  page: number;
  itemsPerPage: number;
}

export interface SetlistDetail {
  concert: ProviderConcert;
  /** Songs of the main sets, in order; intro tapes left out. */
  songs: string[];
  encoreSongs: string[];
  notes: string | null;
  /** The setlist's page on setlist.fm (attribution is required). */
  source: string | null;
}

/** '18-07-2026' → '2026-07-18'; null when it is not a real day. */
export function fromSetlistDate(value: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return null;
  const day = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) ? day : null;
}

/**
 * Where a city's coordinates are and the IANA zone there (an offline lookup); null when
 * setlist.fm gives none or they are no place on Earth. setlist.fm sends 0,0 for a city it
 * has no coordinates for: that is no venue's place either.
 */
export function placeOf(
  coords: { lat?: number | undefined; long?: number | undefined } | undefined,
): { latitude: number; longitude: number; timeZone: string } | null {
  const { lat: latitude, long: longitude } = coords ?? {};
  if (latitude === undefined || longitude === undefined) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  if (latitude === 0 && longitude === 0) return null;
  try {
    return { latitude, longitude, timeZone: tzLookup(latitude, longitude) };
  } catch {
    return null;
  }
}

export function mapSetlist(setlist: Setlist): SetlistDetail | null {
  const date = fromSetlistDate(setlist.eventDate);
  const city = setlist.venue.city?.name;
  const place = placeOf(setlist.venue.city?.coords);
  if (!date || !city || !setlist.artist.name.trim() || !setlist.venue.name.trim()) return null;
  const sets = setlist.sets?.set ?? [];
  const names = (encore: boolean) =>
    sets
      .filter((set) => Boolean(set.encore) === encore)
      .flatMap((set) => set.song ?? [])
      .filter((song) => !song.tape)
      .map((song) => song.name?.trim() ?? '')
      .filter(Boolean);
  const tour = setlist.tour?.name?.trim();
  const info = setlist.info?.trim();
  return {
    concert: {
      id: `${SETLISTFM_ID_PREFIX}${setlist.id}`,
      artist: setlist.artist.name.trim(),
      venue: setlist.venue.name.trim(),
      city: ourCityName(city),
      date,
      // setlist.fm knows the day, never the hour.
      time: null,
      startsAt: null,
      timeZone: place?.timeZone ?? null,
      venueLocation: place && { latitude: place.latitude, longitude: place.longitude },
      price: null,
      // setlist.fm knows no genres; callers may add the one our catalogue knows the artist by.
      genre: null,
      imageUrl: null,
      ticketUrl: null,
      description: [tour, info].filter(Boolean).join('\n\n') || null,
    },
    songs: names(false),
    encoreSongs: names(true),
    notes: info || null,
    source: setlist.url ?? null,
  };
}

/** The setlists of a page that read as concerts; the others are left out. */
function readSetlists(raw: readonly unknown[]): SetlistDetail[] {
  return raw.flatMap((item) => {
    const setlist = setlistSchema.safeParse(item);
    const mapped = setlist.success ? mapSetlist(setlist.data) : null;
    return mapped ? [mapped] : [];
  });
}

export class SetlistFmClient extends ProviderClient {
  private readonly searches = this.answerCache<SetlistDetail[]>();
  private readonly setlists = this.answerCache<SetlistDetail | null>();

  constructor(connection: ProviderConnection) {
    super('setlistfm', connection);
  }

  /** The first page (20, newest first) of an artist's setlists; [] when there are none. */
  searchSetlists(artistName: string): Promise<SetlistDetail[]> {
    const params = new URLSearchParams({ artistName: artistName.trim(), p: '1' });
    return this.searches.get(params.toString().toLowerCase(), async () => {
      const body = await this.request('/search/setlists', params);
      if (body === null) return [];
      const page = this.parse(searchSchema, body, 'search answer is not a page');
      return readSetlists(page.setlist ?? []);
    });
  }

  /**
   * Page `page` (from 1) of the setlists setlist.fm user `userId` marked attended, newest
   * first; null when setlist.fm knows no such user (or, past the first page, no such page).
   * Not cached: an import reads each page once, at the provider's pace.
   */
  async attendedPage(userId: string, page: number): Promise<AttendedPage | null> {
    const body = await this.request(
      `/user/${encodeURIComponent(userId.trim())}/attended`,
      new URLSearchParams({ p: String(page) }),
    );
    if (body === null) return null;
    const answer = this.parse(pagedSchema, body, 'attended answer is not a page');
    const raw = answer.setlist ?? [];
    return {
      setlists: readSetlists(raw),
      count: raw.length,
      total: answer.total,
      page: answer.page,
      itemsPerPage: answer.itemsPerPage,
    };
  }

  /** One setlist by its id (with or without `sfm_`); null when it does not exist. */
  getSetlist(id: string): Promise<SetlistDetail | null> {
    return this.byId(this.setlists, id, SETLISTFM_ID_PREFIX, async (setlistId) => {
      const body = await this.request(
        `/setlist/${encodeURIComponent(setlistId)}`,
        new URLSearchParams(),
      );
      if (body === null) return null;
      // A single setlist comes back as the bare object.
      return mapSetlist(this.parse(setlistSchema, body, 'setlist answer is not a setlist'));
    });
  }

  /** The body of a 200, or null for a 404 (no match). */
  private async request(path: string, params: URLSearchParams): Promise<unknown> {
    const { status, body } = await this.get(path, params, {
      'x-api-key': this.apiKey,
      accept: 'application/json',
    });
    if (status === 200) return body;
    if (status === 404) return null;
    const message = z.object({ message: z.string() }).safeParse(body);
    throw failureForStatus('setlistfm', status, message.success ? message.data.message : 'error');
  }
}
