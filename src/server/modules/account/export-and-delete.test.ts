import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import type { UploadResponse } from '#shared/schemas/media';
import type { Notification } from '#shared/schemas/notifications';
import { executeRows } from '#server/db/index.ts';
import {
  blocks,
  localAccounts,
  pushSubscriptions,
  reviews,
  userSettings,
  users,
} from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { BrowserLikeClient, last } from '#server/testing/browser-like-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { apiClient, signInAs, type ApiClient } from '#server/testing/api-client.ts';
import { pngImage } from '#server/testing/media-files.ts';
import { createAccount, signedInClient } from '#server/testing/sign-in.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, create } = server;

/**
 * Someone with a bit of everything: rows in every table that has a person, and files.
 * Given an e-mail, they make their account through the real sign-in pages, so that it has
 * everything signing in leaves behind (a local account, the provider's records).
 */
async function busyPerson(email?: string) {
  const userId = email
    ? (await signedInClient(server.url, { email })).userId
    : (await server.person()).user.id;
  const api = await signInAs(server, userId);
  const picture = await api.upload<{ url: string }>('/api/upload/profile-image', 'file', [
    { name: 'me.png', type: 'image/png', bytes: await pngImage() },
  ]);
  const photos = await api.upload<UploadResponse>('/api/upload', 'files', [
    { name: 'a.png', type: 'image/png', bytes: await pngImage(30, 20) },
    { name: 'b.png', type: 'image/png', bytes: await pngImage(20, 30) },
  ]);
  expect(photos.status).toBe(201);
  // Their files are served once processed; the picture is theirs from then on.
  await jobsSettled(db());
  expect((await api.put('/api/users/me', { profileImageUrl: picture.body.url })).status).toBe(200);

  const own = await create.review({ userId });
  const others = await create.review();
  await create.like({ userId, reviewId: others.id });
  await create.like({ reviewId: own.id });
  await create.comment({ userId, reviewId: others.id });
  await create.comment({ reviewId: own.id });
  await create.follow({ followerId: userId });
  await create.follow({ followingId: userId });
  await db()
    .insert(blocks)
    .values([
      { blockerId: userId, blockedId: (await create.user()).id },
      { blockerId: (await create.user()).id, blockedId: userId },
    ]);
  await create.wishlistEntry({ userId });
  await create.notification({ userId });
  await create.notification({ relatedUserId: userId, type: 'new_follower' });
  await db().insert(userSettings).values({ userId, theme: 'dark' });
  await db()
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: `https://push.example.com/send/${userId}`,
      p256dh: 'key',
      auth: 'secret',
      deviceLabel: 'Firefox on Android',
    });
  const [followed] = await executeRows<{ artist_id: string }>(
    db(),
    sql`SELECT artist_id FROM concerts WHERE id = ${(await create.concert()).id}`,
  );
  expect((await api.post(`/api/artists/${followed!.artist_id}/follow`)).status).toBe(200);
  expect(
    (await api.request('PATCH', '/api/users/me/calendar-feed', { includeFollowedArtists: true }))
      .status,
  ).toBe(200);
  expect(
    (await api.put('/api/users/me/show-alerts', { enabled: false, cities: ['chicago'] })).status,
  ).toBe(200);
  const attended = await create.concert({ date: daysFromToday(-2) });
  expect(
    (await api.put(`/api/concerts/${attended.id}/attendance`, { status: 'attended' })).status,
  ).toBe(201);
  return { userId, api, own, others, files: [picture.body.url, ...photos.body.paths] };
}

const download = (client: ApiClient) => client.get('/api/users/me/export');

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return files;
}

const jsonOf = (files: Map<string, Buffer>, name: string) =>
  JSON.parse(files.get(name)!.toString('utf8')) as unknown;

const ids = (rows: unknown) => (rows as { id: string }[]).map((row) => row.id).sort();

async function idsWhere(query: ReturnType<typeof sql>) {
  return (await executeRows<{ id: string }>(db(), query)).map((row) => row.id).sort();
}

describe('GET /api/users/me/export', () => {
  it('holds every row and file of the person and nothing of anyone else', async () => {
    const me = await busyPerson();
    const someoneElse = await busyPerson();
    const { status, headers, bytes } = await download(me.api);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/zip');
    expect(headers['content-disposition']).toBe('attachment; filename="encore-data.zip"');
    expect(headers['cache-control']).toBe('no-store');

    const files = await unzip(bytes);
    const userId = me.userId;
    expect(jsonOf(files, 'profile.json')).toMatchObject({
      id: userId,
      profileImageUrl: me.files[0],
    });
    const feed = await executeRows<{ token: string }>(
      db(),
      sql`SELECT token FROM calendar_feeds WHERE user_id = ${userId}`,
    );
    expect(jsonOf(files, 'settings.json')).toMatchObject({
      theme: 'dark',
      publicProfile: true,
      calendarFeed: { path: `/api/calendar/${feed[0]!.token}.ics`, includeFollowedArtists: true },
      showAlerts: { enabled: false, cities: ['Chicago'] },
    });
    expect(jsonOf(files, 'devices.json')).toEqual([
      {
        id: expect.any(String),
        deviceLabel: 'Firefox on Android',
        pushService: 'https://push.example.com',
        createdAt: expect.any(String),
        lastSuccessAt: null,
      },
    ]);
    expect(ids(jsonOf(files, 'artists.json'))).toEqual(
      await idsWhere(sql`SELECT artist_id AS id FROM artist_follows WHERE user_id = ${userId}`),
    );
    expect(jsonOf(files, 'artists.json')).toHaveLength(1);
    expect(ids(jsonOf(files, 'reviews.json'))).toEqual(
      await idsWhere(sql`SELECT id FROM reviews WHERE user_id = ${userId}`),
    );
    expect(ids(jsonOf(files, 'comments.json'))).toEqual(
      await idsWhere(sql`SELECT id FROM review_comments WHERE user_id = ${userId}`),
    );
    expect(ids(jsonOf(files, 'likes.json'))).toEqual(
      await idsWhere(sql`SELECT id FROM review_likes WHERE user_id = ${userId}`),
    );
    expect(ids(jsonOf(files, 'wishlist.json'))).toEqual(
      await idsWhere(sql`SELECT id FROM concert_wishlist WHERE user_id = ${userId}`),
    );
    expect(
      (jsonOf(files, 'attendance.json') as { concertId: string; status: string }[])
        .map((mark) => `${mark.concertId} ${mark.status}`)
        .sort(),
    ).toEqual(
      (
        await executeRows<{ mark: string }>(
          db(),
          sql`SELECT concert_id || ' ' || status AS mark FROM attendance WHERE user_id = ${userId}`,
        )
      )
        .map((row) => row.mark)
        .sort(),
    );
    expect(ids(jsonOf(files, 'notifications.json'))).toEqual(
      await idsWhere(sql`SELECT id FROM notifications WHERE user_id = ${userId}`),
    );
    // Worded as the list words them.
    expect(jsonOf(files, 'notifications.json')).toEqual([
      {
        id: expect.any(String) as string,
        type: 'new_follower',
        title: 'New follower',
        message: expect.stringMatching(/^\S+ \S+ started following you\.$/) as string,
        link: expect.stringMatching(/^\/users\//) as string,
        isRead: false,
        actorCount: 1,
        createdAt: expect.any(String) as string,
      },
    ]);
    const follows = jsonOf(files, 'follows.json') as { followers: unknown; following: unknown };
    expect(ids(follows.followers)).toEqual(
      await idsWhere(
        sql`SELECT follower_id AS id FROM user_follows WHERE following_id = ${userId}`,
      ),
    );
    expect(ids(follows.following)).toEqual(
      await idsWhere(
        sql`SELECT following_id AS id FROM user_follows WHERE follower_id = ${userId}`,
      ),
    );
    // The people they blocked, not who blocked them.
    expect(ids(jsonOf(files, 'blocks.json'))).toEqual(
      await idsWhere(sql`SELECT blocked_id AS id FROM blocks WHERE blocker_id = ${userId}`),
    );
    for (const name of [
      'attendance.json',
      'reviews.json',
      'comments.json',
      'likes.json',
      'notifications.json',
      'blocks.json',
    ]) {
      expect((jsonOf(files, name) as unknown[]).length).toBeGreaterThan(0);
    }

    // Every stored file of theirs (pictures with their thumbnails), byte for byte, and no other.
    const keys = await executeRows<{ file_key: string; thumbnail_key: string | null }>(
      db(),
      sql`SELECT file_key, thumbnail_key FROM uploads WHERE user_id = ${userId}`,
    );
    const expected = keys.flatMap((k) => [k.file_key, k.thumbnail_key ?? []].flat()).sort();
    expect(expected).toHaveLength(6);
    const stored = [...files.keys()].filter((name) => name.startsWith('uploads/')).sort();
    expect(stored).toEqual(expected.map((key) => `uploads/${key}`));
    for (const key of expected) {
      const served = await apiClient(server.app).get(`/uploads/${key}`);
      expect(files.get(`uploads/${key}`)!.equals(served.bytes)).toBe(true);
    }

    // Nothing of anyone else: not their id, not their files, not their e-mail.
    const everything = Buffer.concat([...files.values()]).toString('latin1');
    const [other] = await db().select().from(users).where(eq(users.id, someoneElse.userId));
    expect(everything).not.toContain(other!.email!);
    for (const url of someoneElse.files) expect(everything).not.toContain(url.slice(9));
    expect([...files.keys()].sort()).toEqual(
      [
        'artists.json',
        'attendance.json',
        'blocks.json',
        'comments.json',
        'devices.json',
        'follows.json',
        'likes.json',
        'notifications.json',
        'profile.json',
        'reviews.json',
        'settings.json',
        'uploads.json',
        'wishlist.json',
        ...stored,
      ].sort(),
    );
  });

  it('needs a session and is limited per hour', async () => {
    expect((await download(apiClient(server.app))).status).toBe(401);
    const { api } = await server.person();
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push(await download(api));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const retryAfter = Number(answers[10]!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});

describe('DELETE /api/users/me', () => {
  it('removes every row and file of the person, signs them out, and frees the e-mail', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const me = await busyPerson(email);
    const userId = me.userId;
    const [account] = await db()
      .select()
      .from(localAccounts)
      .where(eq(localAccounts.userId, userId));
    expect(account).toBeDefined();
    // The review they liked and the people they followed or who followed them.
    const liked = me.others.id;
    const likesBefore = await likesOf(liked);
    // Someone else's grouped notice that names them latest keeps the earlier liker.
    const author = await create.user();
    const authorReview = await create.review({ userId: author.id });
    const earlier = await create.user({ firstName: 'Earlier', lastName: 'Liker' });
    await like(await signInAs(server, earlier.id), authorReview.id);
    await like(me.api, authorReview.id);
    await me.api.post(`/api/reviews/${authorReview.id}/comments`, { commentText: 'Great show' });

    const deleted = await me.api.delete('/api/users/me');
    expect(deleted.status).toBe(204);

    // No row anywhere refers to them.
    const references = await executeRows<{ table_name: string; column_name: string }>(
      db(),
      sql`SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
            FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
           WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`,
    );
    expect(references.length).toBeGreaterThan(10);
    for (const { table_name, column_name } of references) {
      const [row] = await executeRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)} = ${userId}`,
      );
      expect({ table_name, column_name, n: row!.n }).toEqual({ table_name, column_name, n: 0 });
    }
    expect(await db().select().from(users).where(eq(users.id, userId))).toEqual([]);
    const leftovers = await executeRows<{ n: number }>(
      db(),
      sql`SELECT (SELECT count(*) FROM local_accounts WHERE email = ${email})
               + (SELECT count(*) FROM oidc_payloads WHERE payload::text LIKE ${`%${account!.id}%`})
               + (SELECT count(*) FROM auth_throttles WHERE key LIKE ${`%${userId}%`}) AS n`,
    );
    expect(Number(leftovers[0]!.n)).toBe(0);

    // Their files are gone from the store, once the job that removes them has run.
    await jobsSettled(db());
    const onDisk = await server.app.fileStore.keys();
    for (const url of me.files) {
      expect(onDisk).not.toContain(url.replace('/uploads/', ''));
    }

    // Counters others see are right again.
    expect(await likesOf(liked)).toBe(likesBefore - 1);
    const [{ commentsCount } = { commentsCount: -1 }] = await db()
      .select({ commentsCount: reviews.commentsCount })
      .from(reviews)
      .where(eq(reviews.id, authorReview.id));
    expect(commentsCount).toBe(0);
    const notices = await (
      await signInAs(server, author.id)
    ).get<Notification[]>('/api/notifications');
    expect(notices.body).toEqual([
      expect.objectContaining({
        actorCount: 1,
        message: expect.stringMatching(/^Earlier Liker liked your review of /) as string,
      }),
    ]);

    // The old session is over.
    const after = await me.api.get('/api/user');
    expect(after.status).toBe(401);

    // The same e-mail can make an account again.
    // Through the real pages, as making an account again is what this checks.
    const again = new BrowserLikeClient(server.url);
    const hops = await createAccount(again, {
      firstName: 'Back',
      email,
      password: 'a good password',
    });
    expect(new URL(last(hops).url).pathname).toBe('/discover');
    const fresh = await again.request('GET', '/api/user', {
      headers: { accept: 'application/json' },
    });
    const newUser = JSON.parse(fresh.body) as { id: string; email: string };
    expect(newUser.email).toBe(email);
    expect(newUser.id).not.toBe(userId);
  });

  it('refuses a request that carries anything, and needs a session', async () => {
    const { user, api } = await server.person();
    const withQuery = await api.delete('/api/users/me?id=x');
    expect(withQuery.status).toBe(400);
    const withBody = await api.request('DELETE', '/api/users/me', { confirm: true });
    expect(withBody.status).toBe(400);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await apiClient(server.app).delete('/api/users/me')).status).toBe(401);
  });
});

async function likesOf(reviewId: string): Promise<number> {
  const [row] = await db()
    .select({ likes: reviews.likes })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  return row!.likes;
}

async function like(client: ApiClient, reviewId: string) {
  expect((await client.post(`/api/reviews/${reviewId}/like`)).status).toBe(200);
}
