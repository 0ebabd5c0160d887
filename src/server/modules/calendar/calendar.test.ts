import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '#shared/schemas/calendar';
import { artistFollows, attendance, calendarFeeds, concerts } from '#server/db/schema.ts';
import { daysFromToday, type Concert } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

let chicago: Concert;
let noTime: Concert;
let elsewhere: Concert;

beforeAll(async () => {
  chicago = await create.concert({
    artist: 'Röyksopp & The Night Owls',
    venue: 'The Riviera Theatre',
    city: 'Chicago',
    date: '2031-01-15',
    time: '8:00 PM',
  });
  noTime = await create.concert({
    artist: 'Quiet Hours',
    venue: 'Moody Center',
    city: 'Austin',
    date: '2031-07-04',
    time: null,
  });
  elsewhere = await create.concert({
    artist: 'Far Away',
    venue: 'Le Trianon',
    city: 'Paris',
    date: '2031-03-02',
    time: '7:30 PM',
  });
});

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  /** DTSTART as written: the local time ("2031-01-15T20:00:00") or the day ("2031-07-04"). */
  start: string;
  /** DTSTART's TZID parameter, null without one. */
  tzid: string | null;
  allDay: boolean;
}

/** The events of an .ics text, parsed back with ical.js. */
function eventsOf(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toString(),
      tzid: typeof tzid === 'string' ? tzid : null,
      allDay: event.startDate.isDate,
    };
  });
}

/** Calendar apps ask without a session. */
const calendarApp = () => apiClient(server.app);

async function download(id: string) {
  return calendarApp().get(`/api/concerts/${id}/calendar.ics`);
}

describe('a concert as a calendar file', () => {
  it('is text/calendar named for the artist and day, in the venue’s time zone', async () => {
    const response = await download(chicago.id);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="royksopp-the-night-owls-2031-01-15.ics"',
    );
    expect(response.text).toContain('DTSTART;TZID=America/Chicago:20310115T200000');
    expect(eventsOf(response.text)).toEqual([
      {
        uid: `concert-${chicago.id}@encore`,
        summary: 'Röyksopp & The Night Owls',
        location: 'The Riviera Theatre, Chicago',
        start: '2031-01-15T20:00:00',
        tzid: 'America/Chicago',
        allDay: false,
      },
    ]);
  });

  it('is an all-day event when the time is unknown', async () => {
    const response = await download(noTime.id);
    expect(response.status).toBe(200);
    expect(response.text).toContain('DTSTART;VALUE=DATE:20310704');
    expect(eventsOf(response.text)).toEqual([
      expect.objectContaining({
        summary: 'Quiet Hours',
        location: 'Moody Center, Austin',
        start: '2031-07-04',
        tzid: null,
        allDay: true,
      }),
    ]);
  });

  it('is a floating time, with no zone guessed, in a city whose zone is unknown', async () => {
    const response = await download(elsewhere.id);
    expect(response.text).toContain('DTSTART:20310302T193000');
    expect(response.text).not.toContain('TZID');
    expect(eventsOf(response.text)).toEqual([
      expect.objectContaining({ start: '2031-03-02T19:30:00', tzid: null, allDay: false }),
    ]);
  });

  it('answers 404 for an unknown concert', async () => {
    const response = await download('no-such-concert');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Concert not found' });
  });
});

describe('the private calendar feed', () => {
  it('needs a session to see or reset the address', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/me/calendar-feed'],
      ['POST', '/api/users/me/calendar-feed/reset'],
      ['PATCH', '/api/users/me/calendar-feed'],
    ] as const) {
      expect((await calendarApp().request(method, url)).status).toBe(401);
    }
  });

  it('lists the wishlist, and a saved concert appears at the next read', async () => {
    const { api } = await person();
    const feed = (await api.get<CalendarFeed>('/api/users/me/calendar-feed')).body;
    expect(feed.path).toMatch(/^\/api\/calendar\/[\w-]{43}\.ics$/);
    expect((await api.get<CalendarFeed>('/api/users/me/calendar-feed')).body).toEqual(feed);

    const empty = await calendarApp().get(feed.path);
    expect(empty.status).toBe(200);
    expect(empty.headers['content-type']).toMatch(/^text\/calendar/);
    expect(eventsOf(empty.text)).toEqual([]);

    // A calendar app that holds the current text is told so; a saved concert changes it.
    const etag = empty.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const unchanged = await calendarApp().get(feed.path, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    await api.post('/api/wishlist', { concertId: chicago.id });
    const after = await calendarApp().get(feed.path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const events = eventsOf(after.text);
    expect(events.map((e) => [e.summary, e.tzid, e.start])).toEqual([
      ['Röyksopp & The Night Owls', 'America/Chicago', '2031-01-15T20:00:00'],
    ]);

    await api.delete(`/api/wishlist/${chicago.id}`);
    const removed = await calendarApp().get(feed.path);
    expect(eventsOf(removed.text)).toEqual([]);
  });

  it('lists upcoming "Going" shows too, once each, and not past ones or "I was there"', async () => {
    const { api, user } = await person();
    const savedAndGoing = await create.concert({
      artist: 'Saved And Going',
      date: daysFromToday(5),
    });
    const goingOnly = await create.concert({ artist: 'Going Only', date: daysFromToday(40) });
    const soonest = await create.concert({ artist: 'Going Soonest', date: daysFromToday(2) });
    const pastGoing = await create.concert({ artist: 'Past Going', date: daysFromToday(-3) });
    const wasThere = await create.concert({ artist: 'Was There', date: daysFromToday(-9) });
    const feed = (await api.get<CalendarFeed>('/api/users/me/calendar-feed')).body;
    const before = await calendarApp().get(feed.path);

    await api.post('/api/wishlist', { concertId: savedAndGoing.id });
    for (const concert of [savedAndGoing, goingOnly, soonest]) {
      expect(
        (await api.put(`/api/concerts/${concert.id}/attendance`, { status: 'going' })).status,
      ).toBe(201);
    }
    expect(
      (await api.put(`/api/concerts/${wasThere.id}/attendance`, { status: 'attended' })).status,
    ).toBe(201);
    // A "Going" mark from before the show, whose day has passed since.
    await db()
      .insert(attendance)
      .values({
        userId: user.id,
        concertId: pastGoing.id,
        status: 'going',
        concertDate: pastGoing.date,
      });

    const after = await calendarApp().get(feed.path, {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    // The wishlist first, then the shows one is going to, soonest first.
    expect(eventsOf(after.text).map((e) => e.summary)).toEqual([
      'Saved And Going',
      'Going Soonest',
      'Going Only',
    ]);

    // Unmarking shows at the next read: the ETag changes with it.
    const etag = after.headers.etag as string;
    expect(
      (await calendarApp().get(feed.path, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    expect((await api.delete(`/api/concerts/${goingOnly.id}/attendance`)).status).toBe(204);
    const unmarked = await calendarApp().get(feed.path, { headers: { 'if-none-match': etag } });
    expect(unmarked.status).toBe(200);
    expect(eventsOf(unmarked.text).map((e) => e.summary)).toEqual([
      'Saved And Going',
      'Going Soonest',
    ]);

    // Saved and going, taken off the wishlist: still there, as a show one is going to.
    await api.delete(`/api/wishlist/${savedAndGoing.id}`);
    expect(eventsOf((await calendarApp().get(feed.path)).text).map((e) => e.summary)).toEqual([
      'Going Soonest',
      'Saved And Going',
    ]);
  });

  it('answers 404 to the old address after a reset, and the new one works', async () => {
    const { api } = await person();
    await api.post('/api/wishlist', { concertId: noTime.id });
    const old = (await api.get<CalendarFeed>('/api/users/me/calendar-feed')).body;
    const reset = await api.post<CalendarFeed>('/api/users/me/calendar-feed/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.path).not.toBe(old.path);

    const gone = await calendarApp().get(old.path);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Calendar feed not found' });
    const fresh = await calendarApp().get(reset.body.path);
    expect(eventsOf(fresh.text).map((e) => e.summary)).toEqual(['Quiet Hours']);
  });

  it('leaves exactly one valid address after ten resets at once', async () => {
    const { api, user } = await person();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post<CalendarFeed>('/api/users/me/calendar-feed/reset')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const paths = answers.map((a) => a.body.path);
    expect(new Set(paths).size).toBe(10);
    const statuses = await Promise.all(
      paths.map(async (url) => (await calendarApp().get(url)).status),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(9);
    const rows = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(paths[statuses.indexOf(200)]).toBe(`/api/calendar/${rows[0]!.token}.ics`);
  });

  it('answers 404 to made-up addresses', async () => {
    for (const url of [
      '/api/calendar/nothing.ics',
      `/api/calendar/${'a'.repeat(43)}.ics`,
      `/api/calendar/${'a'.repeat(43)}`,
    ]) {
      expect((await calendarApp().get(url)).status).toBe(404);
    }
  });

  it('adds followed artists’ upcoming shows in the person’s cities when asked', async () => {
    const { api, user } = await person({ location: 'Chicago, IL' });
    const followedHere = await create.concert({
      artist: 'Followed Band',
      city: 'Chicago',
      date: daysFromToday(20),
      time: '9:00 PM',
    });
    await create.concert({ artist: 'Followed Band', city: 'Denver', date: daysFromToday(21) });
    await create.concert({
      artist: 'Followed Band',
      city: 'Chicago',
      date: daysFromToday(-5),
    });
    const [row] = await db()
      .select({ artistId: concerts.artistId })
      .from(concerts)
      .where(eq(concerts.id, followedHere.id));
    await db().insert(artistFollows).values({ userId: user.id, artistId: row!.artistId });

    const feed = (await api.get<CalendarFeed>('/api/users/me/calendar-feed')).body;
    expect(feed.includeFollowedArtists).toBe(false);
    expect(eventsOf((await calendarApp().get(feed.path)).text)).toEqual([]);

    const on = await api.request<CalendarFeed>('PATCH', '/api/users/me/calendar-feed', {
      includeFollowedArtists: true,
    });
    expect(on.body).toEqual({ path: feed.path, includeFollowedArtists: true });
    const events = eventsOf((await calendarApp().get(feed.path)).text);
    expect(events.map((e) => e.uid)).toEqual([`concert-${followedHere.id}@encore`]);

    const bad = await api.request<{ message: string }>('PATCH', '/api/users/me/calendar-feed', {
      includeFollowedArtists: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('includeFollowedArtists');
  });
});
