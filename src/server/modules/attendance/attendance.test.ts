import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Attendance, UpcomingGoing } from '#shared/schemas/attendance';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { attendance, concerts } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useFakeSetlistFm, useFakeTicketmaster } from '#server/testing/fake-providers.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

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

const upcoming = () => create.concert({ date: daysFromToday(10) });
const past = () => create.concert({ date: daysFromToday(-10) });
const path = (concertId: string) => `/api/concerts/${encodeURIComponent(concertId)}/attendance`;

const marksOf = (userId: string, concertId: string) =>
  db()
    .select({ status: attendance.status, concertDate: attendance.concertDate })
    .from(attendance)
    .where(and(eq(attendance.userId, userId), eq(attendance.concertId, concertId)));

const viewerAttendance = async (
  api: Awaited<ReturnType<typeof person>>['api'],
  concertId: string,
) => (await api.get<ConcertDetail>(`/api/concerts/${concertId}`)).body.viewerAttendance;

describe('attendance without a session', () => {
  it.each([['PUT'], ['DELETE']])('%s answers 401', async (method) => {
    const concert = await upcoming();
    const response = await apiClient(server.app).request(
      method as 'PUT',
      path(concert.id),
      method === 'PUT' ? { status: 'going' } : undefined,
    );
    expect(response).toMatchObject({ status: 401, body: { message: expect.any(String) } });
  });

  it('shows a visitor no mark on the concert', async () => {
    const concert = await upcoming();
    const detail = await apiClient(server.app).get<ConcertDetail>(`/api/concerts/${concert.id}`);
    expect(detail.body.viewerAttendance).toBeNull();
  });
});

describe('PUT /api/concerts/{id}/attendance', () => {
  it('marks an upcoming concert "going": 201, then 200 with the same mark', async () => {
    const { api, user } = await person();
    const concert = await upcoming();
    expect(await viewerAttendance(api, concert.id)).toBeNull();

    const created = await api.put<Attendance>(path(concert.id), { status: 'going' });
    expect(created).toMatchObject({
      status: 201,
      body: {
        concertId: concert.id,
        status: 'going',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    const again = await api.put<Attendance>(path(concert.id), { status: 'going' });
    expect(again).toMatchObject({ status: 200, body: created.body });
    expect(await marksOf(user.id, concert.id)).toEqual([
      { status: 'going', concertDate: concert.date },
    ]);
    expect(await viewerAttendance(api, concert.id)).toBe('going');
  });

  it('marks a past concert "attended"', async () => {
    const { api } = await person();
    const concert = await past();
    expect((await api.put(path(concert.id), { status: 'attended' })).status).toBe(201);
    expect(await viewerAttendance(api, concert.id)).toBe('attended');
  });

  it('takes either on the concert’s own day, and changes one into the other with 200', async () => {
    const { api, user } = await person();
    const concert = await create.concert({ date: daysFromToday(0) });
    expect((await api.put(path(concert.id), { status: 'going' })).status).toBe(201);
    const changed = await api.put<Attendance>(path(concert.id), { status: 'attended' });
    expect(changed).toMatchObject({ status: 200, body: { status: 'attended' } });
    expect(await marksOf(user.id, concert.id)).toEqual([
      { status: 'attended', concertDate: concert.date },
    ]);
  });

  it('refuses "going" for a past concert and "attended" for one to come, saying which', async () => {
    const { api, user } = await person();
    const before = await past();
    const after = await upcoming();
    const going = await api.put<{ message: string }>(path(before.id), { status: 'going' });
    expect(going.status).toBe(400);
    expect(going.body.message).toMatch(/"going".*past/);
    const attended = await api.put<{ message: string }>(path(after.id), { status: 'attended' });
    expect(attended.status).toBe(400);
    expect(attended.body.message).toMatch(/"attended".*not yet/);
    expect(await marksOf(user.id, before.id)).toEqual([]);
    expect(await marksOf(user.id, after.id)).toEqual([]);
  });

  it('answers 400 naming the field for a missing or unknown status', async () => {
    const { api } = await person();
    const concert = await upcoming();
    for (const body of [{}, { status: 'maybe' }, { status: 1 }]) {
      const bad = await api.put<{ message: string }>(path(concert.id), body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('status');
    }
  });

  it('answers 404 for a concert nobody has', async () => {
    const { api } = await person();
    for (const id of ['no-such-concert', 'tm_unknown', 'sfm_ffffffff']) {
      expect(await api.put(path(id), { status: 'attended' })).toMatchObject({
        status: 404,
        body: { message: 'Concert not found' },
      });
    }
  });

  it('keeps one row when the same mark arrives ten times at once', async () => {
    const { api, user } = await person();
    const concert = await upcoming();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.put(path(concert.id), { status: 'going' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(9).fill(200), 201]);
    expect(await marksOf(user.id, concert.id)).toHaveLength(1);
  });

  it('imports a Ticketmaster concert from Ticketmaster, as saving it does', async () => {
    const { api, user } = await person();
    const id = 'tm_vvG1IZ94kQpXa7';
    // The fake's concert is in the past (2026-07-18).
    const marked = await api.put(path(id), { status: 'attended', artist: 'Made Up' });
    expect(marked.status).toBe(201);
    const [row] = await db().select().from(concerts).where(eq(concerts.id, id));
    expect(row).toMatchObject({ artist: 'The Velvet Lanterns', date: '2026-07-18' });
    expect(await marksOf(user.id, id)).toEqual([{ status: 'attended', concertDate: '2026-07-18' }]);
    expect(await viewerAttendance(api, id)).toBe('attended');

    // The provider's concert not yet ours refuses "going" without importing anything.
    const sfm = await api.put(path('sfm_4bf6a2d3'), { status: 'going' });
    expect(sfm.status).toBe(400);
    expect(await db().select().from(concerts).where(eq(concerts.id, 'sfm_4bf6a2d3'))).toEqual([]);
  });
});

describe('GET /api/users/me/going', () => {
  it('lists one’s own "Going" shows still to come, soonest first, and nobody else’s', async () => {
    const { api } = await person();
    const other = await person();
    const later = await create.concert({ date: daysFromToday(30) });
    const sooner = await create.concert({ date: daysFromToday(3) });
    const saved = await upcoming();
    const attended = await past();
    await api.put(path(later.id), { status: 'going' });
    await api.put(path(sooner.id), { status: 'going' });
    await api.put(path(attended.id), { status: 'attended' });
    await other.api.put(path(saved.id), { status: 'going' });

    const going = await api.get<UpcomingGoing>('/api/users/me/going');
    expect(going.status).toBe(200);
    expect(going.body.concerts).toEqual([
      { id: sooner.id, date: sooner.date },
      { id: later.id, date: later.date },
    ]);
    expect((await apiClient(server.app).get('/api/users/me/going')).status).toBe(401);
  });
});

describe('DELETE /api/concerts/{id}/attendance', () => {
  it('removes one’s mark: 204, and 204 again when there is none', async () => {
    const { api, user } = await person();
    const concert = await upcoming();
    await api.put(path(concert.id), { status: 'going' });
    expect(await api.delete(path(concert.id))).toMatchObject({ status: 204, body: null });
    expect(await marksOf(user.id, concert.id)).toEqual([]);
    expect((await api.delete(path(concert.id))).status).toBe(204);
    expect((await api.delete(path('never-marked'))).status).toBe(204);
  });

  it('leaves someone else’s mark alone', async () => {
    const alice = await person();
    const bob = await person();
    const concert = await past();
    await alice.api.put(path(concert.id), { status: 'attended' });
    expect((await bob.api.delete(path(concert.id))).status).toBe(204);
    expect(await marksOf(alice.user.id, concert.id)).toHaveLength(1);
    expect(await viewerAttendance(bob.api, concert.id)).toBeNull();
    expect(await viewerAttendance(alice.api, concert.id)).toBe('attended');
  });
});

describe('reviews and marks', () => {
  const review = (concertId: string) => ({
    ...TEST_RATINGS,
    concertId,
    reviewText: 'The encore alone was worth the ticket.',
    media: [],
  });

  it('a review marks its concert attended, and "I was there" stays while the review does', async () => {
    const { api, user } = await person();
    const concert = await past();
    const written = await api.post<{ id: string }>('/api/reviews', review(concert.id));
    expect(written.status).toBe(201);
    expect(await marksOf(user.id, concert.id)).toEqual([
      { status: 'attended', concertDate: concert.date },
    ]);
    expect(await viewerAttendance(api, concert.id)).toBe('attended');

    const refused = await api.delete<{ message: string }>(path(concert.id));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('your review');
    expect(await marksOf(user.id, concert.id)).toHaveLength(1);
    // Marking it again changes nothing.
    expect((await api.put(path(concert.id), { status: 'attended' })).status).toBe(200);

    expect((await api.delete(`/api/reviews/${written.body.id}`)).status).toBe(204);
    expect((await api.delete(path(concert.id))).status).toBe(204);
    expect(await marksOf(user.id, concert.id)).toEqual([]);
  });

  it('a review of a show marked "going" on its day turns the mark into attended', async () => {
    const { api, user } = await person();
    const concert = await create.concert({ date: daysFromToday(0) });
    await api.put(path(concert.id), { status: 'going' });
    expect((await api.post('/api/reviews', review(concert.id))).status).toBe(201);
    expect(await marksOf(user.id, concert.id)).toEqual([
      { status: 'attended', concertDate: concert.date },
    ]);
  });

  it('a refused review leaves no mark', async () => {
    const { api, user } = await person();
    const concert = await upcoming();
    expect((await api.post('/api/reviews', review(concert.id))).status).toBe(400);
    expect(await marksOf(user.id, concert.id)).toEqual([]);
  });
});

describe('deleting an account', () => {
  it('removes its marks', async () => {
    const { api, user } = await person();
    const concert = await upcoming();
    await api.put(path(concert.id), { status: 'going' });
    expect((await api.delete('/api/users/me')).status).toBe(204);
    expect(await db().$count(attendance, eq(attendance.userId, user.id))).toBe(0);
  });
});
