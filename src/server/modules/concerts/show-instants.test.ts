/**
 * Every show at its own instant: a provider's concert stored with its start and its venue's
 * time zone, a venue's zone handed to its new concerts, migration 0044 filling the rows
 * from before, and a person's "today" on their own clock.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { migrationsFolder } from '#server/db/index.ts';
import { concerts, venues } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { todayIn, todayIso } from '#server/lib/dates.ts';
import {
  setlistFmSetlist,
  ticketmasterEvent,
  useFakeSetlistFm,
  useFakeTicketmaster,
} from '#server/testing/fake-providers.ts';
import { testDatabaseKind } from '#server/testing/test-database.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { concertStartsAt } from './queries.ts';

const ticketmaster = useFakeTicketmaster();
const setlistfm = useFakeSetlistFm();

const server = useTestApp(() => ({
  env: {
    TICKETMASTER_API_KEY: 'tm-key',
    TICKETMASTER_BASE_URL: ticketmaster.baseUrl,
    SETLISTFM_API_KEY: 'sfm-key',
    SETLISTFM_BASE_URL: setlistfm.baseUrl,
  },
  deps: {
    providerTuning: {
      ticketmaster: { timeoutMs: 750, cooldownMs: 0, burst: 100 },
      setlistfm: { timeoutMs: 750, cooldownMs: 0, burst: 100 },
    },
  },
}));
const { db, person, create } = server;

/** A concert's start (ISO, UTC) and zone as stored, with its venue's zone and place. */
async function stored(id: string) {
  const [row] = await db()
    .select({
      startsAt: concertStartsAt,
      timeZone: concerts.timeZone,
      venueZone: venues.timeZone,
      latitude: venues.latitude,
      longitude: venues.longitude,
    })
    .from(concerts)
    .innerJoin(venues, eq(venues.id, concerts.venueId))
    .where(eq(concerts.id, id));
  return row;
}

/** Runs migration 0044's statements once more, one at a time, as the migrator does. */
async function migrate() {
  const file = readFileSync(path.join(migrationsFolder, '0044_backfill_show_instants.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await db().execute(sql.raw(statement));
  }
}

describe(`show instants (${testDatabaseKind()})`, () => {
  it('keeps Ticketmaster’s start and zone for a saved show, which its venue learns', async () => {
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'berlin1',
        localDate: '2026-12-04',
        venue: 'Columbiahalle',
        city: 'Berlin',
        timeZone: 'Europe/Berlin',
      }),
    ];
    const { api } = await person();
    expect((await api.post('/api/wishlist', { concertId: 'tm_berlin1' })).status).toBe(201);
    // 8 PM CET is 19:00 UTC.
    expect(await stored('tm_berlin1')).toMatchObject({
      startsAt: '2026-12-04T19:00:00.000Z',
      timeZone: 'Europe/Berlin',
      venueZone: 'Europe/Berlin',
    });
    const detail = await api.get<ConcertDetail>('/api/concerts/tm_berlin1');
    expect(detail.body).toMatchObject({
      time: '8:00 PM',
      startsAt: '2026-12-04T19:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });

    // The reference event: 8 PM CDT in Chicago.
    expect((await api.post('/api/wishlist', { concertId: 'tm_vvG1IZ94kQpXa7' })).status).toBe(201);
    expect(await stored('tm_vvG1IZ94kQpXa7')).toMatchObject({
      startsAt: '2026-07-19T01:00:00.000Z',
      timeZone: 'America/Chicago',
    });
  });

  it('keeps a show to be announced without a start, in its zone', async () => {
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'tba1',
        localDate: daysFromToday(20),
        venue: 'TBA Hall',
        timeTBA: true,
      }),
    ];
    const { api } = await person();
    expect((await api.post('/api/wishlist', { concertId: 'tm_tba1' })).status).toBe(201);
    expect(await stored('tm_tba1')).toMatchObject({ startsAt: null, timeZone: 'America/Chicago' });
    const detail = await api.get<ConcertDetail>('/api/concerts/tm_tba1');
    expect(detail.body).toMatchObject({ time: null, startsAt: null, timeZone: 'America/Chicago' });
  });

  it('gives a setlist.fm show the zone of its city’s coordinates, and its venue the place', async () => {
    setlistfm.setlists = [
      setlistFmSetlist({
        id: 'tokyo1',
        date: '2025-05-01',
        venue: 'Zepp Haneda',
        city: 'Tokyo',
        coords: { lat: 35.55, long: 139.78 },
      }),
    ];
    const { api } = await person();
    const marked = await api.put('/api/concerts/sfm_tokyo1/attendance', { status: 'attended' });
    expect(marked.status).toBe(201);
    // setlist.fm knows the day, not the hour.
    expect(await stored('sfm_tokyo1')).toEqual({
      startsAt: null,
      timeZone: 'Asia/Tokyo',
      venueZone: 'Asia/Tokyo',
      latitude: 35.55,
      longitude: 139.78,
    });
  });

  it('hands a venue’s zone to its new concerts, and a concert’s zone to a venue without one', async () => {
    const first = await create.concert({ city: 'Chicago', venue: 'The Riviera Theatre' });
    expect((await stored(first.id))?.venueZone).toBe('America/Chicago');
    // A CSV import writes no zone: the venue's is taken.
    const imported = await create.concert({
      city: 'Chicago',
      venue: 'The Riviera Theatre',
      timeZone: null,
      startsAt: null,
    });
    expect((await stored(imported.id))?.timeZone).toBe('America/Chicago');

    const elsewhere = await create.concert({ city: 'Lyon', venue: 'Le Transbordeur' });
    expect(await stored(elsewhere.id)).toMatchObject({ timeZone: null, venueZone: null });
    const told = await create.concert({
      city: 'Lyon',
      venue: 'Le Transbordeur',
      timeZone: 'Europe/Paris',
    });
    expect((await stored(told.id))?.venueZone).toBe('Europe/Paris');
  });

  it('refuses an empty zone in the database', async () => {
    const concert = await create.concert();
    await expect(
      db().update(concerts).set({ timeZone: '' }).where(eq(concerts.id, concert.id)),
    ).rejects.toThrow();
  });
});

describe(`migration 0044 (${testDatabaseKind()})`, () => {
  it('fills the zone and the start of the rows from before, across summer time and abroad', async () => {
    const rows = {
      // The day summer time ends in the US (CST, UTC-6) and the day it starts (CDT, UTC-5).
      autumn: await create.concert({ city: 'Chicago', date: '2026-11-01', time: '8:00 PM' }),
      spring: await create.concert({ city: 'Chicago', date: '2026-03-08', time: '8:00 PM' }),
      berlin: await create.concert({
        city: 'Berlin',
        venue: 'Astra Kulturhaus',
        date: '2026-07-04',
        time: '20:00',
      }),
      tokyo: await create.concert({
        city: 'Tokyo',
        venue: 'Zepp DiverCity',
        date: '2026-07-04',
        time: '7:00 pm',
      }),
      tba: await create.concert({ city: 'Chicago', date: '2026-08-01', time: 'TBA' }),
      bare: await create.concert({ city: 'Chicago', date: '2026-08-02', time: '8' }),
      unknown: await create.concert({ city: 'Lyon', venue: 'Le Ninkasi', time: '8:00 PM' }),
    };
    const ids = Object.values(rows).map((row) => row.id);
    const venueIds = Object.values(rows).map((row) => row.venueId);
    // As they were before: no zones, no starts (the venues first, or the trigger hands theirs on).
    await db().update(venues).set({ timeZone: null }).where(inArray(venues.id, venueIds));
    await db()
      .update(concerts)
      .set({ timeZone: null, startsAt: null })
      .where(inArray(concerts.id, ids));
    expect((await stored(rows.autumn.id))?.timeZone).toBeNull();

    await migrate();
    expect(await stored(rows.autumn.id)).toMatchObject({
      startsAt: '2026-11-02T02:00:00.000Z',
      timeZone: 'America/Chicago',
      venueZone: 'America/Chicago',
    });
    expect(await stored(rows.spring.id)).toMatchObject({
      startsAt: '2026-03-09T01:00:00.000Z',
      timeZone: 'America/Chicago',
    });
    expect(await stored(rows.berlin.id)).toMatchObject({
      startsAt: '2026-07-04T18:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    expect(await stored(rows.tokyo.id)).toMatchObject({
      startsAt: '2026-07-04T10:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    });
    expect(await stored(rows.tba.id)).toMatchObject({
      startsAt: null,
      timeZone: 'America/Chicago',
    });
    expect(await stored(rows.bare.id)).toMatchObject({
      startsAt: null,
      timeZone: 'America/Chicago',
    });
    expect(await stored(rows.unknown.id)).toMatchObject({ startsAt: null, timeZone: null });

    // Run again, it changes nothing; and the trigger it wrote hands Berlin's zone on.
    await migrate();
    expect((await stored(rows.berlin.id))?.startsAt).toBe('2026-07-04T18:00:00.000Z');
    const next = await create.concert({
      city: 'Berlin',
      venue: 'Astra Kulturhaus',
      timeZone: null,
      startsAt: null,
    });
    expect((await stored(next.id))?.timeZone).toBe('Europe/Berlin');
  });
});

describe('a person’s today', () => {
  it('lets a person on the clocks of Kiribati mark the show of their today as seen', async () => {
    const islands = await person();
    expect(
      (await islands.api.put('/api/users/me/settings', { timeZone: 'Pacific/Kiritimati' })).status,
    ).toBe(200);
    // UTC+14: from 10:00 UTC on, their today is the UTC tomorrow.
    const theirToday = todayIn('Pacific/Kiritimati');
    const concert = await create.concert({ date: theirToday });
    const path = `/api/concerts/${concert.id}/attendance`;
    expect((await islands.api.put(path, { status: 'attended' })).status).toBe(201);

    // Someone without a zone has the UTC day: the show is still to come for them then.
    const utc = await person();
    const answer = await utc.api.put(path, { status: 'attended' });
    expect(answer.status).toBe(theirToday > todayIso() ? 400 : 201);
  });
});
