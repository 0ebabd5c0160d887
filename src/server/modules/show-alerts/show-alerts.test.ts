import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ShowAlertSettings } from '#shared/schemas/calendar';
import type { Notification } from '#shared/schemas/notifications';
import { artistFollows, concerts, notifications, showAlerts } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { ticketmasterEvent, useFakeTicketmaster } from '#server/testing/fake-providers.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { alertNewShow } from './service.ts';

const ticketmaster = useFakeTicketmaster();

const server = useTestApp(() => ({
  env: { TICKETMASTER_API_KEY: 'tm-key', TICKETMASTER_BASE_URL: ticketmaster.baseUrl },
  deps: {
    providerTuning: {
      // Each refresh asks afresh: the client's minute-long cache would answer the second.
      ticketmaster: { timeoutMs: 2000, cooldownMs: 0, burst: 100, cacheTtlMs: 1 },
    },
  },
}));
const { db, person, create } = server;

/** An artist row (made by a past concert of theirs) and its id. */
async function artistNamed(name: string): Promise<string> {
  const concert = await create.concert({ artist: name, date: daysFromToday(-30) });
  const [row] = await db()
    .select({ artistId: concerts.artistId })
    .from(concerts)
    .where(eq(concerts.id, concert.id));
  return row!.artistId;
}

async function follow(userId: string, artistId: string) {
  await db().insert(artistFollows).values({ userId, artistId });
}

/** Runs the scheduled refresh now and waits for it and the alerts it queued. */
async function refresh() {
  await server.app.jobs.enqueue(server.app.db, [{ kind: 'refresh-followed-shows' }]);
  server.app.jobs.wake(['refresh-followed-shows']);
  await jobsSettled(db(), 20_000);
}

const newShowNotices = (userId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_shows')));

describe('new-show alert settings', () => {
  it('need a session', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await apiClient(server.app).request(method, '/api/users/me/show-alerts');
      expect(response.status).toBe(401);
    }
  });

  it('are on by default with the profile’s city, and save the chosen cities', async () => {
    const { api } = await person({ location: 'Chicago, IL' });
    expect((await api.get<ShowAlertSettings>('/api/users/me/show-alerts')).body).toEqual({
      enabled: true,
      cities: [],
      profileCity: 'chicago',
    });
    const saved = await api.put<ShowAlertSettings>('/api/users/me/show-alerts', {
      enabled: false,
      cities: ['seattle', 'new-york'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      enabled: false,
      cities: ['new-york', 'seattle'],
      profileCity: 'chicago',
    });
    expect((await api.get('/api/users/me/show-alerts')).body).toEqual(saved.body);
  });

  it.each([
    [{ enabled: true, cities: ['paris'] }, 'cities must be among'],
    [{ enabled: true, cities: ['austin', 'austin'] }, 'cities must not repeat a city'],
    [{ enabled: 'yes', cities: [] }, 'enabled must be true or false'],
    [{ enabled: true }, 'cities'],
    [{ enabled: true, cities: 'austin' }, 'cities must be a list of city slugs'],
  ])('refuse %o with a 400 that says why', async (body, message) => {
    const { api } = await person();
    const response = await api.put<{ message: string }>('/api/users/me/show-alerts', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect((await api.get<ShowAlertSettings>('/api/users/me/show-alerts')).body.enabled).toBe(true);
  });
});

describe('a followed artist’s new show from the Ticketmaster refresh', () => {
  it('tells followers in its city once, in one notice a day that lists the day’s shows', async () => {
    const artistId = await artistNamed('Alert Lanterns');
    const otherId = await artistNamed('Second Signal');
    const here = await person({ location: 'Chicago' });
    const chose = await person({ location: null });
    const away = await person({ location: 'Denver, CO' });
    const off = await person({ location: 'Chicago' });
    const notFollowing = await person({ location: 'Chicago' });
    await chose.api.put('/api/users/me/show-alerts', { enabled: true, cities: ['chicago'] });
    await off.api.put('/api/users/me/show-alerts', { enabled: false, cities: [] });
    for (const p of [here, chose, away, off]) await follow(p.user.id, artistId);
    await follow(here.user.id, otherId);

    ticketmaster.events = [
      ticketmasterEvent({
        id: 'alert-chicago',
        artist: 'Alert Lanterns',
        localDate: daysFromToday(30),
        city: 'Chicago',
      }),
      ticketmasterEvent({
        id: 'alert-past',
        artist: 'Alert Lanterns',
        localDate: daysFromToday(-2),
        city: 'Chicago',
      }),
      ticketmasterEvent({ id: 'not-theirs', artist: 'Someone Else', localDate: daysFromToday(9) }),
    ];
    await refresh();

    const imported = await db().select().from(concerts).where(eq(concerts.id, 'tm_alert-chicago'));
    expect(imported).toHaveLength(1);
    expect(await db().select().from(concerts).where(eq(concerts.id, 'tm_alert-past'))).toHaveLength(
      0,
    );
    expect(await db().select().from(concerts).where(eq(concerts.id, 'tm_not-theirs'))).toHaveLength(
      0,
    );

    const notices = await here.api.get<Notification[]>('/api/notifications');
    const shows = notices.body.filter((n) => n.type === 'new_shows');
    expect(shows).toEqual([
      expect.objectContaining({
        title: 'New show',
        link: '/concerts/tm_alert-chicago',
        relatedConcertId: 'tm_alert-chicago',
        isRead: false,
        actorCount: 1,
        message: expect.stringMatching(
          /^Artists you follow announced: Alert Lanterns in Chicago on /,
        ),
      }),
    ]);
    expect(await newShowNotices(chose.user.id)).toHaveLength(1);
    expect(await newShowNotices(away.user.id)).toEqual([]);
    expect(await newShowNotices(off.user.id)).toEqual([]);
    expect(await newShowNotices(notFollowing.user.id)).toEqual([]);

    // Read, then a second show of the day arrives: the same notice lists both, unread again.
    await here.api.post('/api/notifications/read-all');
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'second-signal',
        artist: 'Second Signal',
        localDate: daysFromToday(40),
        city: 'Chicago',
      }),
    ];
    await refresh();
    const [notice, ...more] = (
      await here.api.get<Notification[]>('/api/notifications')
    ).body.filter((n) => n.type === 'new_shows');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      isRead: false,
      actorCount: 2,
      title: '2 new shows',
      link: '/concerts/tm_second-signal',
    });
    expect(notice!.message).toContain('Alert Lanterns in Chicago');
    expect(notice!.message).toContain('Second Signal in Chicago');

    // Running the alert again changes nothing: each show is told once.
    expect(await alertNewShow(server.app, 'tm_alert-chicago')).toBe(0);
    expect(
      await db().select().from(showAlerts).where(eq(showAlerts.userId, here.user.id)),
    ).toHaveLength(2);
  });

  it('looks for shows in a city as soon as the person chooses it', async () => {
    const artistId = await artistNamed('Chosen City Band');
    const fan = await person({ location: null });
    await follow(fan.user.id, artistId);
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'chosen-seattle',
        artist: 'Chosen City Band',
        localDate: daysFromToday(50),
        city: 'Seattle',
        stateCode: 'WA',
      }),
    ];
    const saved = await fan.api.put('/api/users/me/show-alerts', {
      enabled: true,
      cities: ['seattle'],
    });
    expect(saved.status).toBe(200);
    await jobsSettled(db(), 20_000);
    expect(await newShowNotices(fan.user.id)).toEqual([
      expect.objectContaining({ link: '/concerts/tm_chosen-seattle', isRead: false }),
    ]);
  });

  it('takes a show out of the notice when its concert goes, and the notice with its last show', async () => {
    const artistId = await artistNamed('Vanishing Act');
    const fan = await create.user({ location: 'Austin' });
    await follow(fan.id, artistId);
    const show = await create.concert({
      artist: 'Vanishing Act',
      city: 'Austin',
      date: daysFromToday(12),
    });
    expect(await alertNewShow(server.app, show.id)).toBe(1);
    expect(await newShowNotices(fan.id)).toHaveLength(1);
    await db().delete(concerts).where(eq(concerts.id, show.id));
    expect(await newShowNotices(fan.id)).toEqual([]);
  });
});
