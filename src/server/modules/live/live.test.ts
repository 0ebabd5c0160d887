/**
 * GET /api/events over real HTTP: what a signed-in page hears while it is open, fed by the
 * database's NOTIFY (migration 0050) on either kind of database, and on PostgreSQL by
 * writes made through another instance.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, sessionCookieFor } from '#server/testing/api-client.ts';
import { openEventStream, type EventStreamReader } from '#server/testing/event-stream.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { buildTestApp } from '#server/testing/test-app.ts';
import { testDatabaseKind } from '#server/testing/test-database.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const STREAMS_PER_PERSON = 2;
const server = useTestApp({
  env: { LIVE_STREAMS_PER_PERSON: String(STREAMS_PER_PERSON), LIVE_HEARTBEAT_SECONDS: '0.2' },
});
const { create, db } = server;

const open: EventStreamReader[] = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

/** A person signed in twice over: a cookie for the stream, and a client for their writes. */
async function signedIn() {
  const user = await create.user();
  const cookie = await sessionCookieFor(server, user.id);
  return { user, cookie, api: apiClient(server.app, cookie) };
}

async function streamOf(
  cookie: string | undefined,
  { base = server.url, headers = {}, query = '' } = {},
) {
  const stream = await openEventStream(`${base}/api/events${query}`, {
    ...(cookie ? { cookie } : {}),
    ...headers,
  });
  open.push(stream);
  return stream;
}

describe('GET /api/events', () => {
  it('answers 401 with a message to a visitor', async () => {
    const stream = await streamOf(undefined);
    expect(stream.status).toBe(401);
    expect(stream.refusal).toEqual({ message: expect.any(String) });
  });

  it('streams text/event-stream, uncached, with a heartbeat while nothing happens', async () => {
    const { cookie } = await signedIn();
    const stream = await streamOf(cookie);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(stream.header('cache-control')).toBe('no-store');
    expect(stream.header('content-encoding')).toBeUndefined();
    await expect.poll(() => stream.comments, { timeout: 3_000 }).toBeGreaterThanOrEqual(2);
    expect(stream.events).toEqual([]);
  });

  it('tells the author of a like, a comment and a follow request, and nobody else', async () => {
    const author = await signedIn();
    const fan = await signedIn();
    const bystander = await signedIn();
    const review = await create.review({ userId: author.user.id });
    const authorStream = await streamOf(author.cookie);
    const bystanderStream = await streamOf(bystander.cookie);

    expect((await fan.api.post(`/api/reviews/${review.id}/like`)).status).toBe(200);
    const heard = await authorStream.next('notices');
    expect(heard).toMatchObject({ id: expect.stringMatching(/^\d+$/), data: '{}' });

    const comment = await fan.api.post(`/api/reviews/${review.id}/comments`, {
      commentText: 'Loud!',
    });
    expect(comment.status).toBe(201);
    await authorStream.next('notices');

    const privatePerson = await create.user({ isPrivate: true });
    const privateStream = await streamOf(await sessionCookieFor(server, privatePerson.id));
    expect((await fan.api.post(`/api/users/${privatePerson.id}/follow`)).status).toBeLessThan(300);
    await privateStream.next('notices');

    // Marking read in another tab changes the badge here too.
    expect((await author.api.post('/api/notifications/read-all')).status).toBe(200);
    await authorStream.next('notices');

    expect(bystanderStream.events).toEqual([]);
  });

  it('tells followers when a review reaches their Following timeline', async () => {
    const reader = await signedIn();
    const author = await signedIn();
    await reader.api.post(`/api/users/${author.user.id}/follow`);
    const stream = await streamOf(reader.cookie);
    const concert = await create.concert({ date: daysFromToday(-10) });

    const posted = await author.api.post<{ id: string }>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'The encore went on for half an hour and nobody left.',
      concertId: concert.id,
    });
    expect(posted.status).toBe(201);
    const heard = await stream.next('timeline', 10_000);
    expect(JSON.parse(heard.data)).toEqual({ reviewId: posted.body.id });
  });

  it('tells a page that comes back what it missed since its last event', async () => {
    const author = await signedIn();
    const fan = await signedIn();
    const review = await create.review({ userId: author.user.id });
    const first = await streamOf(author.cookie);
    await fan.api.post(`/api/reviews/${review.id}/like`);
    const lastHeard = await first.next('notices');
    first.close();

    // Away: a new follower's review reaches the timeline, and a comment arrives.
    await author.api.post(`/api/users/${fan.user.id}/follow`);
    // (The factory writes its timeline entries as the fan-out job would.)
    const missedReview = await create.review({ userId: fan.user.id });
    await fan.api.post(`/api/reviews/${review.id}/comments`, {
      commentText: 'Still thinking of it',
    });

    const back = await streamOf(author.cookie, { headers: { 'last-event-id': lastHeard.id! } });
    await back.next('notices');
    const timeline = await back.next('timeline');
    expect(JSON.parse(timeline.data)).toEqual({ reviewId: missedReview.id });
    back.close();
    await back.ended;

    // A page opened anew says where it was in the query; a first visit hears nothing old.
    const reopened = await streamOf(author.cookie, { query: `?lastEventId=${lastHeard.id}` });
    await reopened.next('timeline');
    reopened.close();
    await reopened.ended;
    const fresh = await streamOf(author.cookie);
    await expect.poll(() => fresh.comments, { timeout: 3_000 }).toBeGreaterThan(0);
    expect(fresh.events).toEqual([]);
  });

  it(`holds ${STREAMS_PER_PERSON} streams per person; the next is refused until one closes`, async () => {
    const { cookie } = await signedIn();
    const [one] = [await streamOf(cookie), await streamOf(cookie)];
    const refused = await streamOf(cookie);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toEqual({ message: expect.stringMatching(/live streams/) });
    // Another person is not held back by it.
    expect((await streamOf((await signedIn()).cookie)).status).toBe(200);

    one!.close();
    await expect
      .poll(async () => {
        const again = await streamOf(cookie);
        again.close();
        return again.status;
      })
      .toBe(200);
  });

  it('ends the stream when its session signs out, and only that one', async () => {
    const { user, cookie, api } = await signedIn();
    const otherSession = await sessionCookieFor(server, user.id);
    const signingOut = await streamOf(cookie);
    const staying = await streamOf(otherSession);

    expect((await api.post('/api/logout')).status).toBeLessThan(300);
    await signingOut.ended;
    const commentsAfter = staying.comments;
    await expect.poll(() => staying.comments, { timeout: 3_000 }).toBeGreaterThan(commentsAfter);
    expect((await streamOf(cookie)).status).toBe(401);
  });
});

describe('an instance shutting down', () => {
  it('opens no more streams: 503, and the page connects again elsewhere', async () => {
    const closing = await buildTestApp(db(), {
      deps: { listen: server.database.listen, sessionSecret: server.sessionSecret },
    });
    await closing.ready();
    try {
      closing.liveStreams.closeAll();
      const { cookie } = await signedIn();
      const refused = await apiClient(closing, cookie).get('/api/events');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: expect.stringMatching(/restarting/) });
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      await closing.close();
    }
  });
});

// PGlite is one process's database: there is no other instance to hear from.
describe.skipIf(testDatabaseKind() !== 'postgres')('two instances on one PostgreSQL', () => {
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    second = await buildTestApp(db(), {
      env: { LIVE_HEARTBEAT_SECONDS: '0.2' },
      // Its cookies are signed as the first's, as every instance of one Encore signs them.
      deps: { listen: server.database.listen, sessionSecret: server.sessionSecret },
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => second?.close());

  it('tells a page open on one instance of a like written through the other', async () => {
    const author = await signedIn();
    const fan = await signedIn();
    const review = await create.review({ userId: author.user.id });
    const stream = await streamOf(author.cookie, { base: secondUrl });
    expect(stream.status).toBe(200);

    expect((await fan.api.post(`/api/reviews/${review.id}/like`)).status).toBe(200);
    await stream.next('notices', 3_000);
  });
});
