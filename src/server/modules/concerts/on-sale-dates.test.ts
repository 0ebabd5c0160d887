/**
 * When tickets go on sale: Ticketmaster's public sale and presales kept on the concert row
 * (their first opening too, which the on-sale alerts wait for) and shown by the API, on
 * lists and the concert page, for venues in Europe and Asia as in the US.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConcertDetail, ConcertListItem } from '#shared/schemas/concerts';
import { concerts } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { ticketmasterEvent, useFakeTicketmaster } from '#server/testing/fake-providers.ts';
import { testDatabaseKind } from '#server/testing/test-database.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const ticketmaster = useFakeTicketmaster();

const server = useTestApp(() => ({
  env: { TICKETMASTER_API_KEY: 'tm-key', TICKETMASTER_BASE_URL: ticketmaster.baseUrl },
  deps: { providerTuning: { ticketmaster: { timeoutMs: 750, cooldownMs: 0, burst: 100 } } },
}));
const { db, person } = server;

async function stored(id: string) {
  const [row] = await db()
    .select({
      onSaleAt: concerts.onSaleAt,
      presales: concerts.presales,
      salesOpenAt: concerts.salesOpenAt,
      saleAlertedAt: concerts.saleAlertedAt,
    })
    .from(concerts)
    .where(eq(concerts.id, id));
  return row && {
    ...row,
    onSaleAt: row.onSaleAt && new Date(row.onSaleAt).toISOString(),
    salesOpenAt: row.salesOpenAt && new Date(row.salesOpenAt).toISOString(),
  };
}

describe(`on-sale dates (${testDatabaseKind()})`, () => {
  it('keeps a Berlin show’s public sale and presales, and shows them', async () => {
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'berlin-sale',
        localDate: '2099-12-18',
        artist: 'Kraftwerk Tribute',
        venue: 'Columbiahalle',
        city: 'Berlin',
        timeZone: 'Europe/Berlin',
        // 10 AM CET on Friday, December 4.
        onSaleAt: '2099-12-04T09:00:00Z',
        presales: [
          // Out of order, one without a real date, one with none at all.
          { name: 'Venue Presale', startDateTime: '2099-12-03T09:00:00Z' },
          {
            name: 'Fan Club Presale',
            startDateTime: '2099-12-02T09:00:00Z',
            endDateTime: '2099-12-03T22:00:00Z',
          },
          { name: 'Someday', startDateTime: 'next week' },
        ],
      }),
    ];
    const { api } = await person();
    expect((await api.post('/api/wishlist', { concertId: 'tm_berlin-sale' })).status).toBe(201);
    expect(await stored('tm_berlin-sale')).toEqual({
      onSaleAt: '2099-12-04T09:00:00.000Z',
      presales: [
        {
          name: 'Fan Club Presale',
          startsAt: '2099-12-02T09:00:00.000Z',
          endsAt: '2099-12-03T22:00:00.000Z',
        },
        { name: 'Venue Presale', startsAt: '2099-12-03T09:00:00.000Z', endsAt: null },
      ],
      // The first opening: the fan club's presale.
      salesOpenAt: '2099-12-02T09:00:00.000Z',
      saleAlertedAt: null,
    });

    const detail = await api.get<ConcertDetail>('/api/concerts/tm_berlin-sale');
    expect(detail.body).toMatchObject({
      onSaleAt: '2099-12-04T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
      presales: [
        { name: 'Fan Club Presale', startsAt: '2099-12-02T09:00:00.000Z' },
        { name: 'Venue Presale', startsAt: '2099-12-03T09:00:00.000Z' },
      ],
    });
    const saved = await api.get<ConcertListItem[]>('/api/users/me/wishlist');
    expect(saved.body.find((c) => c.id === 'tm_berlin-sale')).toMatchObject({
      onSaleAt: '2099-12-04T09:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
  });

  it('shows a Tokyo show’s sale before it is stored, on its page and in merged lists', async () => {
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'tokyo-sale',
        localDate: daysFromToday(40),
        artist: 'Tokyo Band',
        venue: 'Zepp Haneda',
        city: 'Tokyo',
        timeZone: 'Asia/Tokyo',
        onSaleAt: '2099-12-05T01:00:00Z',
        presales: [{ name: 'Lottery', startDateTime: 'soon', endDateTime: 'later' }],
      }),
    ];
    const { api } = await person();
    const detail = await api.get<ConcertDetail>('/api/concerts/tm_tokyo-sale');
    expect(detail.body).toMatchObject({
      onSaleAt: '2099-12-05T01:00:00.000Z',
      timeZone: 'Asia/Tokyo',
      // A presale without a real date is left out.
      presales: [],
    });
    const list = await api.get<ConcertListItem[]>(
      `/api/concerts?includeTicketmaster=true&endDate=${daysFromToday(60)}`,
    );
    expect(list.body.find((c) => c.id === 'tm_tokyo-sale')).toMatchObject({
      onSaleAt: '2099-12-05T01:00:00.000Z',
    });
  });

  it('marks a show already on sale when stored, so its opening alerts nobody', async () => {
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'on-sale-already',
        localDate: daysFromToday(30),
        onSaleAt: '2020-01-10T15:00:00Z',
      }),
      ticketmasterEvent({ id: 'no-sale-date', localDate: daysFromToday(30), onSaleAt: null }),
    ];
    const { api } = await person();
    await api.post('/api/wishlist', { concertId: 'tm_on-sale-already' });
    await api.post('/api/wishlist', { concertId: 'tm_no-sale-date' });
    const already = await stored('tm_on-sale-already');
    expect(already?.salesOpenAt).toBe('2020-01-10T15:00:00.000Z');
    expect(already?.saleAlertedAt).not.toBeNull();
    expect(await stored('tm_no-sale-date')).toEqual({
      onSaleAt: null,
      presales: [],
      salesOpenAt: null,
      saleAlertedAt: null,
    });
    const detail = await api.get<ConcertDetail>('/api/concerts/tm_no-sale-date');
    expect(detail.body).toMatchObject({ onSaleAt: null, presales: [] });
  });
});
