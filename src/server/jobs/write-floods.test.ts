/**
 * Writes a person may repeat quickly (follows, alert saves, reviews) and the jobs they
 * queue: each write counts against an hourly allowance per person (429 with Retry-After
 * past it), and a job asked for again for the same row while one waits to start is not
 * queued twice. Workers are off here, so what is queued stays queued.
 */
import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { daysFromToday } from '#server/db/seed/factories.ts';
import type { ApiResponse } from '#server/testing/api-client.ts';
import { waitingJobs } from '#server/testing/jobs.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const FOLLOWS = 120;
const ALERT_SAVES = 5;
const REVIEWS = 4;
const server = useTestApp({
  env: {
    JOB_WORKERS_IN_PROCESS: 'false',
    FOLLOWS_PER_USER_PER_HOUR: String(FOLLOWS),
    ALERT_SAVES_PER_USER_PER_HOUR: String(ALERT_SAVES),
    REVIEWS_PER_USER_PER_HOUR: String(REVIEWS),
  },
});
const { db, person, create } = server;

/** Of answers sent at once: how many passed, and the refusals, which say when to come back. */
function expectRefusedPast(answers: ApiResponse<unknown>[], passed: number, what: string) {
  const refused = answers.filter((answer) => answer.status === 429);
  expect(answers.length - refused.length).toBe(passed);
  expect(refused).toHaveLength(answers.length - passed);
  for (const answer of refused) {
    expect((answer.body as { message: string }).message).toMatch(
      new RegExp(`^Too many ${what}; try again in`),
    );
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  }
}

const artistOf = async () => (await create.concert()).artistId;

describe('following and unfollowing', () => {
  it('toggled 50 times, leaves one timeline job waiting for the pair, and none for an artist', async () => {
    const { user: me, api } = await person();
    const { user: them } = await person();
    const { user: other } = await person();
    const artistId = await artistOf();
    for (let i = 0; i < 25; i++) {
      expect((await api.post(`/api/users/${them.id}/follow`)).status).toBe(200);
      expect((await api.delete(`/api/users/${them.id}/follow`)).status).toBe(200);
      expect((await api.post(`/api/artists/${artistId}/follow`)).status).toBe(200);
      expect((await api.delete(`/api/artists/${artistId}/follow`)).status).toBe(200);
    }
    await api.post(`/api/users/${other.id}/follow`);
    const timelines = (await waitingJobs(db(), 'follow-timeline')).filter(
      (job) => job.followerId === me.id,
    );
    expect(timelines).toEqual([
      { kind: 'follow-timeline', followerId: me.id, followingId: them.id },
      { kind: 'follow-timeline', followerId: me.id, followingId: other.id },
    ]);
    expect(
      (await waitingJobs(db(), 'follow-timeline')).filter((job) => job.followingId === artistId),
    ).toEqual([]);
  });

  it(`allows ${FOLLOWS} an hour, of people and artists together, sent at once too, then 429`, async () => {
    const { api } = await person();
    const people = await Promise.all(Array.from({ length: 10 }, () => create.user()));
    const artists = await Promise.all(Array.from({ length: 10 }, artistOf));
    const answers = await Promise.all(
      Array.from({ length: FOLLOWS + 6 }, (_, i) => {
        const path =
          i % 2 === 0 ? `/api/users/${people[i % 10]!.id}` : `/api/artists/${artists[i % 10]}`;
        return i % 3 === 0 ? api.delete(`${path}/follow`) : api.post(`${path}/follow`);
      }),
    );
    expect(answers.filter((answer) => answer.status !== 429).map((a) => a.status)).toEqual(
      Array(FOLLOWS).fill(200),
    );
    expectRefusedPast(answers, FOLLOWS, 'follows');
    // Another person's allowance is their own.
    const { api: someoneElse } = await person();
    expect((await someoneElse.post(`/api/users/${people[0]!.id}/follow`)).status).toBe(200);
  });
});

describe('saving new-show alerts', () => {
  it(`queues one lookup while one waits, and allows ${ALERT_SAVES} saves an hour`, async () => {
    const { user: me, api } = await person();
    const save = (cities: string[]) =>
      api.put('/api/users/me/show-alerts', { enabled: true, cities });
    const answers = [];
    for (const cities of [['chicago'], ['austin'], [], ['chicago', 'austin'], ['chicago'], []]) {
      answers.push(await save(cities));
    }
    expectRefusedPast(answers, ALERT_SAVES, 'alert saves');
    const lookups = (await waitingJobs(db(), 'refresh-followed-shows')).filter(
      (job) => job.userId === me.id,
    );
    expect(lookups).toEqual([{ kind: 'refresh-followed-shows', userId: me.id }]);
  });
});

describe('posting and deleting reviews', () => {
  it(`allows ${REVIEWS} an hour, posts and deletions together, then 429`, async () => {
    const { api } = await person();
    const concerts = await Promise.all(
      Array.from({ length: REVIEWS + 1 }, () => create.concert({ date: daysFromToday(-3) })),
    );
    const post = (concertId: string) =>
      api.post<Review>('/api/reviews', {
        ...TEST_RATINGS,
        reviewText: 'A set that never let up.',
        concertId,
      });
    const first = await post(concerts[0]!.id);
    expect(first.status).toBe(201);
    expect((await api.delete(`/api/reviews/${first.body.id}`)).status).toBe(204);
    expect((await post(concerts[1]!.id)).status).toBe(201);
    const atOnce = await Promise.all(concerts.slice(2).map((concert) => post(concert.id)));
    expectRefusedPast(atOnce, REVIEWS - 3, 'reviews');
    const { api: someoneElse } = await person();
    expect(
      (
        await someoneElse.post('/api/reviews', {
          ...TEST_RATINGS,
          reviewText: 'A set that never let up.',
          concertId: concerts[0]!.id,
        })
      ).status,
    ).toBe(201);
  });
});
