/**
 * Ticketmaster Discovery API v2: upcoming US music events, mapped to our concert shape
 * with ids `tm_<eventId>`. Auth is the `apikey` query parameter (never logged, never a
 * cache key). Errors come out as ProviderError; callers fall back to local data.
 */
import { z } from 'zod';
import { CITIES, GENRES, type CitySlug, type GenreSlug } from '#shared/limits';
import {
  failureForStatus,
  ourCityName,
  ProviderClient,
  providerTuning,
  VISITOR_CALL,
  type CallTerms,
  type ProviderConcert,
  type ProviderConnection,
} from './provider-kit.ts';
import { TICKETMASTER_ID_PREFIX } from '#shared/constants';
import { isTimeZone } from '#shared/show-time';
import type { Presale } from '#shared/schemas/concerts';

export { TICKETMASTER_ID_PREFIX };
/** The Music segment: stricter than classificationName=music, which lets some theatre in. */
export const MUSIC_SEGMENT_ID = 'KZFzniwnSyZfZ7v7nJ';
/** The largest `size` the API accepts (201 answers 400 DIS1036). */
export const TICKETMASTER_MAX_PAGE_SIZE = 200;

export const TICKETMASTER_DEFAULTS = {
  ...providerTuning({
    // The documented default quota: 5 requests per second per key.
    requestsPerSecond: 5,
    burst: 5,
    maxWaitMs: 250,
    cooldownMs: 1000,
  }),
  // Each search spends one of the key's calls a day (5,000 by default): a popular list
  // kept ten minutes costs 144 of them a day per instance, not 1,440. Upcoming events
  // change slowly enough for that.
  cacheTtlMs: 10 * 60_000,
};

/**
 * A search's text as it is sent and cached: Unicode NFKC, whitespace collapsed and trimmed,
 * lower case (Ticketmaster's keyword search ignores case), so "Radiohead", " radiohead "
 * and "RADIOHEAD" are one call.
 */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** What we send as classificationName for each of our genres (any TM classification name works). */
const CLASSIFICATION_FOR_GENRE: Record<GenreSlug, string> = {
  rock: 'Rock',
  pop: 'Pop',
  'hip-hop': 'Hip-Hop/Rap',
  electronic: 'Dance/Electronic',
  country: 'Country',
  indie: 'Indie Rock',
  jazz: 'Jazz',
  classical: 'Classical',
};

/** Ticketmaster genre and sub-genre names that mean one of ours; anything else is no genre. */
const GENRE_FOR_CLASSIFICATION = new Map<string, GenreSlug>([
  ...Object.entries(CLASSIFICATION_FOR_GENRE).map(
    ([slug, name]) => [name.toLowerCase(), slug as GenreSlug] as const,
  ),
  ...GENRES.map((g) => [g.name.toLowerCase(), g.slug] as const),
  ['electronic', 'electronic'],
  ['hip-hop', 'hip-hop'],
  ['rap', 'hip-hop'],
  ['indie', 'indie'],
]);

const named = z.object({ name: z.string().optional() }).optional();

const eventSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: z.string().optional(),
  info: z.string().optional(),
  pleaseNote: z.string().optional(),
  images: z
    .array(
      z.object({
        ratio: z.string().optional(),
        url: z.string(),
        width: z.number().optional(),
        fallback: z.boolean().optional(),
      }),
    )
    .optional(),
  dates: z
    .object({
      start: z
        .object({
          localDate: z.string().optional(),
          localTime: z.string().optional(),
          /** The start as a UTC instant ('2031-07-05T01:00:00Z'). */
          dateTime: z.string().optional(),
          noSpecificTime: z.boolean().optional(),
          timeTBA: z.boolean().optional(),
        })
        .optional(),
      /** The venue's IANA zone ('America/Chicago'). */
      timezone: z.string().optional(),
      status: z.object({ code: z.string().optional() }).optional(),
    })
    .optional(),
  /** When tickets go on sale: the public sale, as UTC instants ('2031-03-06T15:00:00Z'). */
  sales: z
    .object({
      public: z
        .object({ startDateTime: z.string().optional(), endDateTime: z.string().optional() })
        .optional(),
    })
    .optional(),
  /** Presales (a fan club's, a card's), each with its own opening. */
  presales: z
    .array(
      z.object({
        name: z.string().optional(),
        startDateTime: z.string().optional(),
        endDateTime: z.string().optional(),
      }),
    )
    .optional(),
  classifications: z
    .array(z.object({ primary: z.boolean().optional(), genre: named, subGenre: named }))
    .optional(),
  priceRanges: z
    .array(
      z.object({
        type: z.string().optional(),
        currency: z.string().optional(),
        min: z.number().optional(),
        max: z.number().optional(),
      }),
    )
    .optional(),
  _embedded: z
    .object({
      venues: z
        .array(
          z.object({
            name: z.string().optional(),
            city: named,
            state: z.object({ stateCode: z.string().optional() }).optional(),
            timezone: z.string().optional(),
          }),
        )
        .optional(),
      attractions: z.array(z.object({ name: z.string().optional() })).optional(),
    })
    .optional(),
});
type TicketmasterEvent = z.infer<typeof eventSchema>;

const searchSchema = z.object({
  // Absent, not empty, when nothing matched.
  _embedded: z.object({ events: z.array(z.unknown()).optional() }).optional(),
});

export interface EventSearch {
  city?: CitySlug | undefined;
  genre?: GenreSlug | undefined;
  keyword?: string | undefined;
  /** yyyy-MM-dd, local date of the show, inclusive. */
  startDate: string;
  /** yyyy-MM-dd, inclusive. */
  endDate?: string | undefined;
  /** 1..200; always page 0, so size * page stays under the 1,000 paging-depth limit. */
  size: number;
}

/** '2026-07-18' → '2026-07-18T00:00:00Z': exactly what the API accepts, no milliseconds. */
export function ticketmasterDateTime(day: string, time = '00:00:00'): string {
  return `${day}T${time}Z`;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '20:00:00' → '8:00 PM'. */
export function formatLocalTime(localTime: string | undefined): string | null {
  const match = /^(\d{2}):(\d{2})/.exec(localTime ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2]!;
  if (hours > 23) return null;
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${suffix}`;
}

function money(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** '$45', '$35 - $120', '$49.50 - $125'; null when the event has no price (the client shows 'Price TBA'). */
export function formatPriceRange(ranges: TicketmasterEvent['priceRanges']): string | null {
  const range = ranges?.find((r) => r.type === 'standard') ?? ranges?.[0];
  if (!range) return null;
  const currency = range.currency ?? 'USD';
  const low = range.min ?? range.max;
  const high = range.max ?? range.min;
  if (low === undefined || high === undefined) return null;
  if (low === high) return money(low, currency);
  return `${money(Math.min(low, high), currency)} - ${money(Math.max(low, high), currency)}`;
}

/** The widest 16:9 image (what a card shows best), else the widest of any ratio. */
export function bestImage(images: TicketmasterEvent['images']): string | null {
  const widest = (list: NonNullable<TicketmasterEvent['images']>) =>
    list.reduce<(typeof list)[number] | undefined>(
      (best, image) => (!best || (image.width ?? 0) > (best.width ?? 0) ? image : best),
      undefined,
    );
  const all = images ?? [];
  return (widest(all.filter((i) => i.ratio === '16_9')) ?? widest(all))?.url ?? null;
}

/** Our slug for the event's genre: the one asked for when the event carries it, else the primary one. */
export function genreOf(
  classifications: TicketmasterEvent['classifications'],
  preferred?: GenreSlug,
): GenreSlug | null {
  const all = classifications ?? [];
  const ordered = [...all.filter((c) => c.primary), ...all.filter((c) => !c.primary)];
  const slugs = ordered.flatMap((c) =>
    // The sub-genre first: 'Indie Rock' is more telling than 'Rock'.
    [c.subGenre?.name, c.genre?.name].flatMap((name) => {
      const slug = name ? GENRE_FOR_CLASSIFICATION.get(name.trim().toLowerCase()) : undefined;
      return slug ? [slug] : [];
    }),
  );
  if (preferred && slugs.includes(preferred)) return preferred;
  // A sub-genre only wins when it is one of ours; 'Alternative Rock' leaves 'Rock'.
  return slugs[0] ?? null;
}

/** Ticketmaster's UTC start ('2031-07-05T01:00:00Z') as ISO; null when it is no instant. */
export function instantOf(dateTime: string | undefined): string | null {
  if (
    !dateTime ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(dateTime)
  ) {
    return null;
  }
  const instant = new Date(dateTime);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** How many of an event's presales we keep: a show has a few; more is noise. */
export const PRESALES_MAX = 10;

/**
 * The event's presales that say when they open or close, earliest opening first; dates that
 * are no instants are left out (a presale with neither is dropped).
 */
export function presalesOf(presales: TicketmasterEvent['presales']): Presale[] {
  return (presales ?? [])
    .map((p) => ({
      name: p.name?.trim().slice(0, 200) || null,
      startsAt: instantOf(p.startDateTime),
      endsAt: instantOf(p.endDateTime),
    }))
    .filter((p) => p.startsAt !== null || p.endsAt !== null)
    .sort((a, b) => (a.startsAt ?? '\uffff').localeCompare(b.startsAt ?? '\uffff'))
    .slice(0, PRESALES_MAX);
}

/** An event in our words, or null when it lacks what a concert needs (a date, a venue, a city). */
export function mapEvent(
  event: TicketmasterEvent,
  preferredGenre?: GenreSlug,
): ProviderConcert | null {
  const date = event.dates?.start?.localDate;
  const venue = event._embedded?.venues?.[0];
  const city = venue?.city?.name;
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !venue?.name || !city) return null;
  const start = event.dates?.start;
  const zone = (event.dates?.timezone ?? venue.timezone)?.trim();
  const timeZone = zone && isTimeZone(zone) ? zone : null;
  const toBeAnnounced = Boolean(start?.noSpecificTime || start?.timeTBA);
  const artist = event._embedded?.attractions?.find((a) => a.name?.trim())?.name?.trim();
  const description = [event.info, event.pleaseNote]
    .map((text) => text?.trim())
    .filter(Boolean)
    .join('\n\n');
  return {
    id: `${TICKETMASTER_ID_PREFIX}${event.id}`,
    artist: artist ?? event.name.trim(),
    venue: venue.name.trim(),
    city: ourCityName(city),
    date,
    time: toBeAnnounced ? null : formatLocalTime(start?.localTime),
    startsAt: toBeAnnounced ? null : instantOf(start?.dateTime),
    timeZone,
    onSaleAt: instantOf(event.sales?.public?.startDateTime),
    presales: presalesOf(event.presales),
    price: formatPriceRange(event.priceRanges),
    genre: genreOf(event.classifications, preferredGenre),
    imageUrl: bestImage(event.images),
    ticketUrl: event.url ?? null,
    description: description || null,
  };
}

export class TicketmasterClient extends ProviderClient {
  private readonly searches = this.answerCache<ProviderConcert[]>();
  private readonly events = this.answerCache<ProviderConcert | null>();

  constructor(connection: ProviderConnection) {
    super('ticketmaster', connection);
  }

  /**
   * Upcoming music events matching our filters, in the API's date order, mapped; events
   * that are cancelled, have no date yet, or fall outside the local-date range are left out.
   * The parameters are built in a fixed order from normalized values, so one search is
   * one cache entry however it was typed; `terms` apply only when the call is made.
   */
  searchEvents(search: EventSearch, terms: CallTerms = VISITOR_CALL): Promise<ProviderConcert[]> {
    const city = search.city ? CITIES.find((c) => c.slug === search.city) : undefined;
    const params = new URLSearchParams({
      segmentId: MUSIC_SEGMENT_ID,
      countryCode: 'US',
      sort: 'date,asc',
      size: String(Math.min(Math.max(1, search.size), TICKETMASTER_MAX_PAGE_SIZE)),
      page: '0',
      // The API filters on the start in UTC; a US show's local day starts at 04:00Z at the
      // earliest and ends by 10:00Z the next day, so this window holds every show whose
      // local date is in range, and the local date is checked on the way out.
      startDateTime: ticketmasterDateTime(search.startDate),
    });
    if (search.endDate) {
      params.set('endDateTime', ticketmasterDateTime(addDays(search.endDate, 1), '11:59:59'));
    }
    if (city) {
      params.set('city', city.name);
      params.set('stateCode', city.state);
    }
    if (search.genre) params.set('classificationName', CLASSIFICATION_FOR_GENRE[search.genre]);
    const keyword = normalizeKeyword(search.keyword ?? '');
    if (keyword) params.set('keyword', keyword);

    return this.searches.get(`events?${params}`, async () => {
      const body = await this.request('/events.json', params, terms);
      const page = this.parse(searchSchema, body, 'search answer is not a page');
      const concerts: ProviderConcert[] = [];
      for (const raw of page._embedded?.events ?? []) {
        const event = eventSchema.safeParse(raw);
        if (!event.success || event.data.dates?.status?.code === 'cancelled') continue;
        const concert = mapEvent(event.data, search.genre);
        if (!concert || concert.date < search.startDate) continue;
        if (search.endDate && concert.date > search.endDate) continue;
        concerts.push(concert);
      }
      return concerts;
    });
  }

  /** One event by its Ticketmaster id (with or without `tm_`); null when it does not exist. */
  getEvent(id: string, terms: CallTerms = VISITOR_CALL): Promise<ProviderConcert | null> {
    return this.byId(this.events, id, TICKETMASTER_ID_PREFIX, async (eventId) => {
      const body = await this.request(
        `/events/${encodeURIComponent(eventId)}.json`,
        new URLSearchParams(),
        terms,
        { notFoundIsNull: true },
      );
      if (body === null) return null;
      // The detail answer is the bare event object, not a page.
      return mapEvent(this.parse(eventSchema, body, 'event answer is not an event'));
    });
  }

  private async request(
    path: string,
    params: URLSearchParams,
    terms: CallTerms,
    options: { notFoundIsNull?: boolean } = {},
  ): Promise<unknown> {
    // The key is added only here, so it never reaches a cache key.
    const query = new URLSearchParams(params);
    query.set('apikey', this.apiKey);
    const { status, body } = await this.get(path, query, undefined, terms);
    if (status === 200) return body;
    if (status === 404 && options.notFoundIsNull) return null;
    throw failureForStatus('ticketmaster', status, describeError(body));
  }
}

/** The code and detail of a Ticketmaster error body ({errors:[...]} or an Apigee {fault}). */
function describeError(body: unknown): string {
  const parsed = z
    .object({
      errors: z.array(z.object({ code: z.string().optional(), detail: z.string().optional() })),
    })
    .or(
      z.object({
        fault: z.object({
          faultstring: z.string().optional(),
          detail: z.object({ errorcode: z.string().optional() }).optional(),
        }),
      }),
    )
    .safeParse(body);
  if (!parsed.success) return 'unexpected answer';
  if ('errors' in parsed.data) {
    const first = parsed.data.errors[0];
    return [first?.code, first?.detail].filter(Boolean).join(' ') || 'error';
  }
  const fault = parsed.data.fault;
  // The quota fault string echoes the key; the error code says enough.
  return fault.detail?.errorcode ?? 'fault';
}
