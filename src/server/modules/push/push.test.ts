import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushDevice, PushKey } from '#shared/schemas/push';
import { executeRows } from '#server/db/index.ts';
import { pushSubscriptions, userSettings } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, signInAs } from '#server/testing/api-client.ts';
import {
  startFakePushService,
  type FakePushService,
  type FakeSubscription,
} from '#server/testing/fake-push-service.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const DEVICES_PER_USER = 3;
let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(() => push.close());

const server = useTestApp(() => ({
  env: {
    PUSH_ENDPOINT_ALLOWLIST: push.origin,
    PUSH_DEVICES_PER_USER: String(DEVICES_PER_USER),
    // Never quiet: what is pushed does not depend on the hour the tests run at.
    QUIET_HOURS: '0-0',
    JOB_RETRY_DELAY_SECONDS: '1',
  },
}));
const { db, create } = server;

const keys = (endpoint: string) => ({
  endpoint,
  keys: push.newSubscription().body.keys,
});

/** A person with a review, and one of their devices subscribed through the API. */
async function authorWithDevice(artist = 'Neon Harbor') {
  const { user: author, api } = await server.person();
  const concert = await create.concert({ artist });
  const review = await create.review({ userId: author.id, concertId: concert.id });
  const device = push.newSubscription();
  expect((await api.post('/api/push/subscriptions', device.body)).status).toBe(201);
  return { author, api, review, device };
}

async function likeAs(firstName: string, lastName: string, reviewId: string) {
  const liker = await create.user({ firstName, lastName });
  const client = await signInAs(server, liker.id);
  expect((await client.post(`/api/reviews/${reviewId}/like`)).status).toBe(200);
  return { liker, client };
}

const devicesOf = (userId: string) =>
  db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/key', () => {
  it('answers the same VAPID public key to anyone, and never the private one', async () => {
    const first = await apiClient(server.app).get<PushKey>('/api/push/key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[\w-]{86,88}$/);
    expect(Object.keys(first.body)).toEqual(['publicKey']);
    expect((await apiClient(server.app).get<PushKey>('/api/push/key')).body).toEqual(first.body);
  });
});

describe('devices', () => {
  it('subscribes, lists and removes one’s own devices', async () => {
    const { user, api } = await server.person();
    const device = push.newSubscription();
    const added = await api.post<PushDevice>('/api/push/subscriptions', device.body, {
      headers: {
        'user-agent': 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
      },
    });
    expect(added).toMatchObject({
      status: 201,
      body: { id: expect.any(String), deviceLabel: 'Firefox on Android' },
    });
    // The same browser again: the same device.
    const again = await api.post<PushDevice>('/api/push/subscriptions', device.body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(added.body.id);
    expect((await api.get<PushDevice[]>('/api/push/subscriptions')).body).toEqual([again.body]);

    // Another person cannot remove it: it is not theirs to know of.
    const { api: other } = await server.person();
    expect(await other.delete(`/api/push/subscriptions/${added.body.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Device not found' },
    });
    expect((await api.delete(`/api/push/subscriptions/${NO_SUCH_ID}`)).status).toBe(404);
    expect((await api.delete(`/api/push/subscriptions/${added.body.id}`)).status).toBe(204);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('moves a browser’s device to the person now signed in on it', async () => {
    const { user: first, api: firstApi } = await server.person();
    const { user: second, api: secondApi } = await server.person();
    const device = push.newSubscription();
    const mine = await firstApi.post<PushDevice>('/api/push/subscriptions', device.body);
    const moved = await secondApi.post<PushDevice>('/api/push/subscriptions', device.body);
    expect(moved.status).toBe(200);
    expect(moved.body.id).toBe(mine.body.id);
    expect(await devicesOf(first.id)).toEqual([]);
    expect(await devicesOf(second.id)).toHaveLength(1);
  });

  it('needs a session', async () => {
    const visitor = apiClient(server.app);
    const device = push.newSubscription();
    expect((await visitor.post('/api/push/subscriptions', device.body)).status).toBe(401);
    expect((await visitor.get('/api/push/subscriptions')).status).toBe(401);
    expect((await visitor.delete(`/api/push/subscriptions/${NO_SUCH_ID}`)).status).toBe(401);
  });

  it.each([
    ['http://push.example.com/send/1', 'endpoint must be an https URL'],
    ['https://127.0.0.1/send/1', 'endpoint must be on a public address'],
    ['https://10.1.2.3/send/1', 'endpoint must be on a public address'],
    ['https://192.168.1.20/send/1', 'endpoint must be on a public address'],
    ['https://172.20.0.1/send/1', 'endpoint must be on a public address'],
    ['https://100.64.0.1/send/1', 'endpoint must be on a public address'],
    ['https://169.254.169.254/latest', 'endpoint must be on a public address'],
    ['https://[::1]/send/1', 'endpoint must be on a public address'],
    ['https://[fd00::1]/send/1', 'endpoint must be on a public address'],
    ['https://[::ffff:127.0.0.1]/send/1', 'endpoint must be on a public address'],
    // A name that resolves to loopback.
    ['https://localhost/send/1', 'endpoint must be on a public address'],
    ['not a url', 'endpoint must be a URL'],
  ])('refuses the endpoint %s', async (endpoint, message) => {
    const { user, api } = await server.person();
    expect(await api.post('/api/push/subscriptions', keys(endpoint))).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining(message) },
    });
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('names the missing or malformed key', async () => {
    const { api } = await server.person();
    const { endpoint } = push.newSubscription();
    expect(await api.post('/api/push/subscriptions', { endpoint })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('keys') },
    });
    expect(
      await api.post('/api/push/subscriptions', { endpoint, keys: { p256dh: 'x', auth: 'y' } }),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining('p256dh') } });
  });

  it(`keeps at most ${DEVICES_PER_USER} devices a person, however many subscribe at once`, async () => {
    const { user, api } = await server.person();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.post('/api/push/subscriptions', push.newSubscription().body),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(DEVICES_PER_USER);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10 - DEVICES_PER_USER);
    expect(await devicesOf(user.id)).toHaveLength(DEVICES_PER_USER);
  });
});

describe('pushes', () => {
  const receivedBy = (device: FakeSubscription) => push.received(device);

  it('pushes a like to the author’s device in the words of the notice, with its page', async () => {
    const { review, device } = await authorWithDevice('Neon Harbor');
    await likeAs('Ana', 'Silva', review.id);
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(1));
    const [received] = receivedBy(device);
    expect(received!.payload).toMatchObject({
      title: expect.any(String),
      body: 'Ana Silva liked your review of Neon Harbor.',
      url: `/reviews/${review.id}`,
    });
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);

    // A second like: the grouped words, under the same topic (it replaces the first).
    await likeAs('Ben', 'Okafor', review.id);
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(2));
    const second = receivedBy(device)[1]!;
    expect(second.payload.body).toBe('Ben Okafor and 1 other liked your review of Neon Harbor.');
    expect(second.headers.topic).toBe(received!.headers.topic);
  });

  it('pushes comments and followers too, and queues nothing for people without a device', async () => {
    const { author, review, device } = await authorWithDevice('Glass Canyon');
    const { user: reader, api } = await server.person({ firstName: 'Ivo', lastName: 'Berg' });
    const comment = { commentText: 'What a night' };
    expect((await api.post(`/api/reviews/${review.id}/comments`, comment)).status).toBe(201);
    expect((await api.post(`/api/users/${author.id}/follow`)).status).toBe(200);
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(2));
    expect(
      receivedBy(device)
        .map((received) => received.payload.body)
        .sort(),
    ).toEqual([
      'Ivo Berg commented on your review of Glass Canyon.',
      'Ivo Berg started following you.',
    ]);

    // The reader has no device: their notices are in the app, and no job was queued for them.
    const deviceless = await create.review({
      userId: reader.id,
      concertId: (await create.concert()).id,
    });
    const { client } = await likeAs('Jo', 'Park', deviceless.id);
    expect((await client.post(`/api/reviews/${deviceless.id}/comments`, comment)).status).toBe(201);
    expect((await client.post(`/api/users/${reader.id}/follow`)).status).toBe(200);
    await jobsSettled(db());
    const [jobs] = await executeRows<{ count: number }>(
      db(),
      sql`SELECT count(*)::int AS count FROM pgboss.job j JOIN notifications n
            ON n.id = (j.data->>'notificationId')::uuid
           WHERE j.name = 'push-notice' AND n.user_id = ${reader.id}`,
    );
    expect(jobs?.count).toBe(0);
    const unread = await api.get<{ count: number }>('/api/notifications/unread-count');
    expect(unread.body.count).toBe(3);
  });

  it('pushes a followed person’s new review, and a reminder of a show one saved', async () => {
    const { api, device } = await authorWithDevice();
    const { user: critic, api: criticApi } = await server.person({
      firstName: 'Kai',
      lastName: 'Moreau',
    });
    expect((await api.post(`/api/users/${critic.id}/follow`)).status).toBe(200);
    const reviewed = await create.concert({ artist: 'Velvet Static', date: daysFromToday(-2) });
    const written = await criticApi.post<{ id: string }>('/api/reviews', {
      ...TEST_RATINGS,
      concertId: reviewed.id,
      reviewText: 'Loud and lovely.',
      media: [],
    });
    expect(written.status).toBe(201);
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(1));
    expect(receivedBy(device)[0]!.payload).toMatchObject({
      body: 'Kai Moreau reviewed Velvet Static.',
      url: `/reviews/${written.body.id}`,
    });

    const start = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const soon = await create.concert({
      artist: 'Door Time',
      date: start.toISOString().slice(0, 10),
      time: start.toISOString().slice(11, 16),
      startsAt: start.toISOString(),
      timeZone: 'UTC',
    });
    expect((await api.post('/api/wishlist', { concertId: soon.id })).status).toBe(201);
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(2));
    expect(receivedBy(device)[1]!.payload).toMatchObject({
      body: expect.stringMatching(/^(Today|Tomorrow): Door Time at /),
      url: `/concerts/${soon.id}`,
    });
  });

  it('pushes nothing when “Push notifications” is off', async () => {
    const { author, review, device } = await authorWithDevice();
    await db()
      .insert(userSettings)
      .values({ userId: author.id, pushNotifications: false })
      .onConflictDoUpdate({ target: userSettings.userId, set: { pushNotifications: false } });
    await likeAs('Cleo', 'Marsh', review.id);
    await jobsSettled(db());
    expect(push.attempts(device)).toBe(0);
  });

  it('pushes a follow request to the private person asked, leading to Notifications', async () => {
    const { user: privatePerson, api } = await server.person({ isPrivate: true });
    const device = push.newSubscription();
    expect((await api.post('/api/push/subscriptions', device.body)).status).toBe(201);
    const asking = await server.person({ firstName: 'Rosa', lastName: 'Vidal' });
    const requested = await asking.api.post(`/api/users/${privatePerson.id}/follow`);
    expect(requested.body).toMatchObject({ requested: true });
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(1));
    expect(receivedBy(device)[0]!.payload).toMatchObject({
      title: 'Follow request',
      body: 'Rosa Vidal asked to follow you.',
      url: '/notifications',
    });

    // Asked by someone they muted: nothing.
    const muted = await server.person({ firstName: 'Muted', lastName: 'Asker' });
    expect((await api.post(`/api/users/${muted.user.id}/mute`)).status).toBe(200);
    await muted.api.post(`/api/users/${privatePerson.id}/follow`);
    await jobsSettled(db());
    expect(push.attempts(device)).toBe(1);
  });

  it('pushes nothing of a muted person', async () => {
    const { api, review, device } = await authorWithDevice();
    const loud = await create.user({ firstName: 'Loud', lastName: 'Person' });
    expect((await api.post(`/api/users/${loud.id}/mute`)).status).toBe(200);
    const client = await signInAs(server, loud.id);
    expect((await client.post(`/api/reviews/${review.id}/like`)).status).toBe(200);
    await jobsSettled(db());
    expect(push.attempts(device)).toBe(0);
  });

  it('removes a device whose push service answers 410', async () => {
    const { author, review, device } = await authorWithDevice();
    push.answerNext(device, 410);
    await likeAs('Dan', 'Reyes', review.id);
    await vi.waitFor(async () => expect(await devicesOf(author.id)).toEqual([]));
    expect(push.attempts(device)).toBe(1);
  });

  it('tries again after a 429 and delivers once', async () => {
    const { author, review, device } = await authorWithDevice();
    push.answerNext(device, 429);
    await likeAs('Eve', 'Lund', review.id);
    await vi.waitFor(() => expect(receivedBy(device)).toHaveLength(1), { timeout: 15_000 });
    await jobsSettled(db());
    expect(push.attempts(device)).toBe(2);
    expect(receivedBy(device)).toHaveLength(1);
    const [row] = await devicesOf(author.id);
    expect(row!.lastSuccessAt).not.toBeNull();
  });
});
