/**
 * Fake Ticketmaster and setlist.fm servers for tests: real HTTP servers on 127.0.0.1 and
 * a random port that answer in the providers' own formats (the reference responses in
 * provider-fixtures/), record every request, and switch behaviour on demand: success,
 * empty, 401, 429, slow (to trip a timeout) or a 500. The setlist.fm fake also pages the
 * setlists each of its users attended, and can fail chosen pages of them a number of
 * times (an import that must resume). The Ticketmaster fake enforces the
 * real API's rules that bite: dates exactly YYYY-MM-DDTHH:mm:ssZ (else 400 DIS1015),
 * size at most 200 (DIS1036) and size * page under 1,000 (DIS1035).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CITIES } from '#shared/limits';
import { zonedStart } from '#shared/show-time';
import { ProviderError } from '../integrations/provider-kit.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./provider-fixtures/${name}`, import.meta.url), 'utf8'));

/** The reference responses, parsed afresh on each call so tests may change them freely. */
export const referenceResponses = {
  ticketmasterSearch: () => fixture('ticketmaster-events-search.json') as TicketmasterSearchBody,
  ticketmasterEvent: () => fixture('ticketmaster-event-detail.json') as TicketmasterEventBody,
  ticketmasterEmpty: () => fixture('ticketmaster-empty.json') as Record<string, unknown>,
  ticketmaster401: () => fixture('ticketmaster-error-401.json') as Record<string, unknown>,
  setlistfmSearch: () => fixture('setlistfm-search.json') as SetlistSearchBody,
  setlistfm404: () => fixture('setlistfm-404.json') as Record<string, unknown>,
};

// Loose shapes: enough to build variants of the reference objects in tests.
export type TicketmasterEventBody = Record<string, unknown> & {
  id: string;
  name: string;
  dates: { start: Record<string, unknown> & { localDate: string; localTime?: string } };
  _embedded: {
    venues: (Record<string, unknown> & {
      name: string;
      city: { name: string };
      state: { stateCode: string };
    })[];
    attractions?: { name: string }[];
  };
  priceRanges?: { type: string; currency: string; min: number; max: number }[];
  sales?: { public?: Record<string, unknown> & { startDateTime?: string } };
  presales?: { name?: string; startDateTime?: string; endDateTime?: string }[];
};
export type TicketmasterSearchBody = {
  _embedded?: { events: TicketmasterEventBody[] };
  _links: Record<string, unknown>;
  page: { size: number; totalElements: number; totalPages: number; number: number };
};
export type SetlistBody = Record<string, unknown> & {
  id: string;
  eventDate: string;
  artist: { name: string } & Record<string, unknown>;
  venue: { name: string; city: { name: string } & Record<string, unknown> } & Record<
    string,
    unknown
  >;
  url: string;
};
export type SetlistSearchBody = {
  type: string;
  itemsPerPage: number;
  page: number;
  total: number;
  setlist: SetlistBody[];
};

export type FakeBehaviour =
  | 'success'
  /** Ticketmaster: a page with no `_embedded`; setlist.fm: its 404 "not found". */
  | 'empty'
  /** Ticketmaster 401 Invalid ApiKey; setlist.fm 403. */
  | 'unauthorized'
  /** 429 as each provider sends it. */
  | 'rate-limited'
  /** Answers only after `slowMs`. */
  | 'slow'
  | 'server-error';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface FakeProvider {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The base URL to configure (TICKETMASTER_BASE_URL / SETLISTFM_BASE_URL). */
  baseUrl: string;
  requests: RecordedRequest[];
  behaviour: FakeBehaviour;
  slowMs: number;
  /** Requests whose path starts with this (e.g. '/discovery/v2/events.json'). */
  requestsTo(pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

export interface FakeTicketmaster extends FakeProvider {
  /** What searches answer, in order (sliced by size/page). Default: the reference page's 3. */
  events: TicketmasterEventBody[];
  /** What the detail endpoint knows, by event id. Default: the reference detail. */
  eventDetails: Map<string, TicketmasterEventBody>;
}

export interface FakeSetlistFm extends FakeProvider {
  /** What searches answer (newest first) and what /setlist/{id} finds. Default: the reference 3. */
  setlists: SetlistBody[];
  /**
   * The setlists each user marked attended, newest first, by their userId (as setlist.fm
   * matches it, any case): /user/{userId}/attended pages them 20 at a time, and answers 404
   * for a user not here. Default: none.
   */
  attended: Map<string, SetlistBody[]>;
  /** Pages of any attended list that answer 500, and how many more times each does. */
  failingAttendedPages: Map<number, number>;
}

type Handler = (request: RecordedRequest, response: ServerResponse) => void;

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (response.destroyed || response.writableEnded) return;
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** A fake that is not listening yet: `listen()` starts it and fills in its addresses. */
interface UnstartedFake<T extends FakeProvider> {
  fake: T;
  listen(): Promise<void>;
}

function fakeProvider<T extends FakeProvider>(
  basePath: string,
  extra: Omit<T, keyof FakeProvider>,
  handler: (fake: T) => Handler,
): UnstartedFake<T> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer();
  const base: FakeProvider = {
    origin: '',
    baseUrl: '',
    requests: [],
    behaviour: 'success',
    slowMs: 2000,
    requestsTo: (prefix) => base.requests.filter((r) => r.path.startsWith(prefix)),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const fake = Object.assign(base, extra) as T;
  const handle = handler(fake);
  server.on('request', (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', fake.origin);
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
    };
    fake.requests.push(recorded);
    if (fake.behaviour === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        handle(recorded, response);
      }, fake.slowMs);
      timers.add(timer);
      return;
    }
    handle(recorded, response);
  });
  return {
    fake,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      fake.origin = `http://127.0.0.1:${port}`;
      fake.baseUrl = `${fake.origin}${basePath}`;
    },
  };
}

async function started<T extends FakeProvider>({ fake, listen }: UnstartedFake<T>): Promise<T> {
  await listen();
  return fake;
}

/**
 * The fake for the file's (or describe block's) tests: listening before the first, closed
 * after the last, and back to 'success' after each test that changed its behaviour.
 */
function forTheFile<T extends FakeProvider>({ fake, listen }: UnstartedFake<T>): T {
  beforeAll(listen);
  afterAll(() => fake.close());
  afterEach(() => {
    fake.behaviour = 'success';
  });
  return fake;
}

const TM_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function ticketmasterError(code: string, detail: string, status = '400 BAD_REQUEST') {
  return {
    errors: [
      { _links: { self: { href: `/discovery/v2/errors.html#${code}` } }, code, detail, status },
    ],
  };
}

/** A fake Ticketmaster, listening; close() it when done. */
export const startFakeTicketmaster = () => started(fakeTicketmaster());
/** A fake Ticketmaster for the file's tests, started and closed around them. */
export const useFakeTicketmaster = () => forTheFile(fakeTicketmaster());

function fakeTicketmaster(): UnstartedFake<FakeTicketmaster> {
  const search = referenceResponses.ticketmasterSearch();
  const detail = referenceResponses.ticketmasterEvent();
  const extra = {
    events: search._embedded?.events ?? [],
    eventDetails: new Map([[detail.id, detail]]),
  };
  return fakeProvider<FakeTicketmaster>('/discovery/v2', extra, (tm) => {
    return (request, response) => {
      // A missing or bad key: the gateway's fault object, as the real API sends it.
      if (tm.behaviour === 'unauthorized' || !request.query.get('apikey')) {
        return sendJson(response, 401, referenceResponses.ticketmaster401());
      }
      if (tm.behaviour === 'rate-limited') {
        return sendJson(response, 429, {
          fault: {
            faultstring: 'Rate limit quota violation. Quota limit  exceeded. Identifier : (key)',
            detail: { errorcode: 'policies.ratelimit.QuotaViolation' },
          },
        });
      }
      if (tm.behaviour === 'server-error') {
        return sendJson(response, 500, ticketmasterError('DIS1001', 'Internal error', '500'));
      }
      if (request.path === '/discovery/v2/events.json') return answerSearch(tm, request, response);
      const detailMatch = /^\/discovery\/v2\/events\/([^/]+)\.json$/.exec(request.path);
      if (detailMatch) {
        const id = decodeURIComponent(detailMatch[1]!);
        const event = tm.eventDetails.get(id) ?? tm.events.find((e) => e.id === id);
        if (tm.behaviour === 'empty' || !event) {
          return sendJson(
            response,
            404,
            ticketmasterError(
              'DIS1004',
              `Resource not found with provided criteria (locale=en-us, id=${id})`,
              '404',
            ),
          );
        }
        return sendJson(response, 200, event);
      }
      return sendJson(response, 404, ticketmasterError('DIS1004', 'Resource not found', '404'));
    };
  });
}

function answerSearch(tm: FakeTicketmaster, request: RecordedRequest, response: ServerResponse) {
  for (const name of ['startDateTime', 'endDateTime']) {
    const value = request.query.get(name);
    if (value !== null && !TM_DATE_TIME.test(value)) {
      return sendJson(
        response,
        400,
        ticketmasterError(
          'DIS1015',
          'Query param with date must be of valid format YYYY-MM-DDTHH:mm:ssZ {example: 2020-08-01T14:00:00Z }',
        ),
      );
    }
  }
  const size = Number(request.query.get('size') ?? 20);
  const page = Number(request.query.get('page') ?? 0);
  if (size > 200) {
    return sendJson(response, 400, ticketmasterError('DIS1036', 'Max page size exceeded: 200'));
  }
  if (size * page >= 1000) {
    return sendJson(
      response,
      400,
      ticketmasterError(
        'DIS1035',
        'API Limits Exceeded: Max paging depth exceeded. (page * size) must be less than 1,000',
      ),
    );
  }
  const all = tm.behaviour === 'empty' ? [] : tm.events;
  const events = all.slice(page * size, (page + 1) * size);
  const body: Record<string, unknown> = {
    _links: { self: { href: `/discovery/v2/events.json?size=${size}&page=${page}` } },
    page: {
      size,
      totalElements: all.length,
      totalPages: Math.ceil(all.length / size),
      number: page,
    },
  };
  // Like the real API: no `_embedded` at all when nothing matched.
  if (events.length > 0) body._embedded = { events };
  return sendJson(response, 200, body, {
    'Rate-Limit': '5000',
    'Rate-Limit-Available': '4999',
    'Rate-Limit-Over': '0',
    'Rate-Limit-Reset': String(Date.now() + 86_400_000),
  });
}

const setlistFmNotFound = () => ({
  code: 404,
  status: 'Not Found',
  message: 'not found',
  timestamp: new Date().toISOString().replace('Z', '+0000'),
});

/** A fake setlist.fm, listening; close() it when done. */
export const startFakeSetlistFm = () => started(fakeSetlistFm());
/** A fake setlist.fm for the file's tests, started and closed around them. */
export const useFakeSetlistFm = () => forTheFile(fakeSetlistFm());

function fakeSetlistFm(): UnstartedFake<FakeSetlistFm> {
  const extra = {
    setlists: referenceResponses.setlistfmSearch().setlist,
    attended: new Map<string, SetlistBody[]>(),
    failingAttendedPages: new Map<number, number>(),
  };
  return fakeProvider<FakeSetlistFm>('/rest/1.0', extra, (sfm) => {
    return (request, response) => {
      if (sfm.behaviour === 'unauthorized' || !request.headers['x-api-key']) {
        return sendJson(response, 403, {
          code: 403,
          status: 'Forbidden',
          message: 'Forbidden',
          timestamp: new Date().toISOString(),
        });
      }
      if (sfm.behaviour === 'rate-limited') {
        return sendJson(
          response,
          429,
          { message: 'Too Many Requests' },
          { 'x-amzn-errortype': 'TooManyRequestsException' },
        );
      }
      if (sfm.behaviour === 'server-error') {
        return sendJson(response, 500, { code: 500, status: 'Internal Server Error' });
      }
      // XML is the default; JSON only when asked for.
      if (!String(request.headers.accept ?? '').includes('application/json')) {
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end('<?xml version="1.0"?><setlists/>');
      }
      if (request.path === '/rest/1.0/search/setlists') {
        const name = (request.query.get('artistName') ?? '').toLowerCase();
        const found =
          sfm.behaviour === 'empty'
            ? []
            : sfm.setlists.filter((s) => s.artist.name.toLowerCase().includes(name));
        if (found.length === 0) return sendJson(response, 404, setlistFmNotFound());
        const page = Number(request.query.get('p') ?? 1);
        return sendJson(response, 200, {
          type: 'setlists',
          itemsPerPage: 20,
          page,
          total: found.length,
          setlist: found.slice((page - 1) * 20, page * 20),
        });
      }
      const attendedMatch = /^\/rest\/1\.0\/user\/([^/]+)\/attended$/.exec(request.path);
      if (attendedMatch)
        return answerAttended(sfm, decodeURIComponent(attendedMatch[1]!), request, response);
      const setlistMatch = /^\/rest\/1\.0\/setlist\/([^/]+)$/.exec(request.path);
      const setlist = setlistMatch
        ? sfm.setlists.find((s) => s.id === decodeURIComponent(setlistMatch[1]!))
        : undefined;
      if (sfm.behaviour === 'empty' || !setlist)
        return sendJson(response, 404, setlistFmNotFound());
      return sendJson(response, 200, setlist);
    };
  });
}

const ATTENDED_PAGE_SIZE = 20;

function answerAttended(
  sfm: FakeSetlistFm,
  userId: string,
  request: RecordedRequest,
  response: ServerResponse,
) {
  const page = Number(request.query.get('p') ?? 1);
  const failures = sfm.failingAttendedPages.get(page) ?? 0;
  if (failures > 0) {
    sfm.failingAttendedPages.set(page, failures - 1);
    return sendJson(response, 500, { code: 500, status: 'Internal Server Error' });
  }
  const key = [...sfm.attended.keys()].find((name) => name.toLowerCase() === userId.toLowerCase());
  const all = key === undefined ? undefined : sfm.attended.get(key);
  if (sfm.behaviour === 'empty' || !all) return sendJson(response, 404, setlistFmNotFound());
  const setlist = all.slice((page - 1) * ATTENDED_PAGE_SIZE, page * ATTENDED_PAGE_SIZE);
  if (setlist.length === 0 && page > 1) return sendJson(response, 404, setlistFmNotFound());
  return sendJson(response, 200, {
    type: 'setlists',
    itemsPerPage: ATTENDED_PAGE_SIZE,
    page,
    total: all.length,
    setlist,
  });
}

/**
 * A setlist built from the reference one: `setlistFmSetlist({ id: 'a1', date: '2024-05-01' })`
 * is The Velvet Lanterns at Foothills Ballroom, Denver, with the reference songs.
 */
export function setlistFmSetlist(options: {
  id: string;
  /** yyyy-MM-dd */
  date: string;
  artist?: string;
  venue?: string;
  city?: string;
  /** The city's coordinates; another city than the reference's has none unless given. */
  coords?: { lat: number; long: number } | null;
}): SetlistBody {
  const setlist = referenceResponses.setlistfmSearch().setlist[0]!;
  const [year, month, day] = options.date.split('-');
  setlist.id = options.id;
  setlist.eventDate = `${day}-${month}-${year}`;
  if (options.artist) setlist.artist.name = options.artist;
  if (options.venue) setlist.venue.name = options.venue;
  const moved = options.city !== undefined && options.city !== setlist.venue.city.name;
  if (options.city) setlist.venue.city.name = options.city;
  if (options.coords) setlist.venue.city.coords = options.coords;
  else if (options.coords === null || moved) delete setlist.venue.city.coords;
  setlist.url = `https://www.setlist.fm/setlist/x/${year}/y-${options.id}.html`;
  return setlist;
}

/**
 * A Ticketmaster event built from the reference one, e.g. upcoming on a given day in one
 * of our cities: `ticketmasterEvent({ id: 'tmA', localDate: '2026-12-01', city: 'Chicago' })`.
 */
export function ticketmasterEvent(options: {
  id: string;
  localDate: string;
  localTime?: string;
  name?: string;
  artist?: string | null;
  venue?: string;
  city?: string;
  stateCode?: string;
  genre?: string;
  priceRanges?: TicketmasterEventBody['priceRanges'] | null;
  status?: string;
  /** The venue's IANA zone: by default our city's, else America/Chicago. */
  timeZone?: string;
  /** Ticketmaster's "time to be announced". */
  timeTBA?: boolean;
  /** sales.public.startDateTime as Ticketmaster writes it ('2026-12-04T16:00:00Z'); null: none. */
  onSaleAt?: string | null;
  /** The event's presales; none by default. */
  presales?: NonNullable<TicketmasterEventBody['presales']>;
}): TicketmasterEventBody {
  const event = referenceResponses.ticketmasterEvent();
  event.id = options.id;
  event.name = options.name ?? `${options.artist ?? 'Test Artist'} Live`;
  event.url = `https://www.ticketmaster.com/event/${options.id}`;
  event.dates.start.localDate = options.localDate;
  event.dates.start.localTime = options.localTime ?? '20:00:00';
  const city = CITIES.find((c) => c.name === (options.city ?? 'Chicago'));
  const timeZone = options.timeZone ?? city?.timeZone ?? 'America/Chicago';
  // Ticketmaster's UTC instant of the local start, without milliseconds as it writes it.
  event.dates.start.dateTime = zonedStart(
    options.localDate,
    event.dates.start.localTime as string,
    timeZone,
  )?.replace('.000Z', 'Z');
  (event.dates as Record<string, unknown>).timezone = timeZone;
  if (options.timeTBA) {
    event.dates.start.timeTBA = true;
    delete event.dates.start.localTime;
    delete event.dates.start.dateTime;
  }
  if (options.status) (event.dates as Record<string, unknown>).status = { code: options.status };
  const venue = event._embedded.venues[0]!;
  venue.name = options.venue ?? 'Test Hall';
  venue.city = { name: options.city ?? 'Chicago' };
  venue.timezone = timeZone;
  venue.state = { ...venue.state, stateCode: options.stateCode ?? 'IL' };
  if (options.artist === null) delete event._embedded.attractions;
  else event._embedded.attractions = [{ name: options.artist ?? 'Test Artist' }];
  if (options.genre) {
    (event as Record<string, unknown>).classifications = [
      { primary: true, segment: { name: 'Music' }, genre: { name: options.genre } },
    ];
  }
  if (options.priceRanges === null) delete event.priceRanges;
  else if (options.priceRanges) event.priceRanges = options.priceRanges;
  if (options.onSaleAt === null) delete event.sales;
  else if (options.onSaleAt) event.sales = { public: { startDateTime: options.onSaleAt } };
  event.presales = options.presales ?? [];
  return event;
}

/** The ProviderError a provider call rejects with; anything else fails the test. */
export async function providerFailure(call: Promise<unknown>): Promise<ProviderError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected the provider call to fail');
}

/**
 * How Encore reads the reference Ticketmaster event (and its setlist.fm twin): the
 * fields every provider test expects of it.
 */
export const VELVET_LANTERNS_CONCERT = {
  artist: 'The Velvet Lanterns',
  venue: 'Lakeshore Sound Hall',
  city: 'Chicago',
  date: '2026-07-18',
  time: '8:00 PM',
  price: '$49.50 - $125',
  genre: 'rock',
} as const;
