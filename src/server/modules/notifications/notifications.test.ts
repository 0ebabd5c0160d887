import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../../db/seed/factories.ts';
import { getJson, signedInClient } from '../../testing/sign-in.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.close());

describe('GET /api/notifications/unread-count', () => {
  it('counts only the signed-in user’s unread notifications', async () => {
    const { client, userId } = await signedInClient(server.url);
    expect(await getJson(client, '/api/notifications/unread-count')).toEqual({
      status: 200,
      body: { count: 0 },
    });

    const db = server.database.db;
    await createNotification(db, { userId });
    await createNotification(db, { userId });
    await createNotification(db, { userId, isRead: true });
    await createNotification(db); // someone else's

    expect((await getJson(client, '/api/notifications/unread-count')).body).toEqual({ count: 2 });
  });
});
