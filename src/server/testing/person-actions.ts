/**
 * What the tests of one person acting on another (follow, block, mute) share: the refusals
 * every such action gives alike, and the follow counters they keep.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { apiClient, type ApiResponse } from './api-client.ts';
import { NO_SUCH_ID, type RunningTestApp } from './use-test-app.ts';

type Action = 'follow' | 'block' | 'mute';

/**
 * POST and DELETE /api/users/{id}/{action} answer 400 with `selfMessage` for oneself, 404
 * for nobody, 400 naming the id for a malformed one and 401 without a session. Returns the
 * person who asked, for the test's own checks after.
 */
export async function expectRefusalsOf(
  server: RunningTestApp,
  action: Action,
  selfMessage: string,
  /** Further checks of the malformed id's answer. */
  malformed: (answer: ApiResponse<{ message: string }>) => void = () => {},
) {
  const { user: me, api } = await server.person();
  for (const method of ['POST', 'DELETE'] as const) {
    expect(await api.request(method, `/api/users/${me.id}/${action}`)).toMatchObject({
      status: 400,
      body: { message: selfMessage },
    });
    expect(await api.request(method, `/api/users/${NO_SUCH_ID}/${action}`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    const bad = await api.request<{ message: string }>(method, `/api/users/nope/${action}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    malformed(bad);
    const signedOut = apiClient(server.app);
    expect((await signedOut.request(method, `/api/users/${me.id}/${action}`)).status).toBe(401);
  }
  return { me, api };
}

/** A person's follower and following counts as stored on their row. */
export async function followCounters(db: Database, userId: string) {
  const [row] = await db
    .select({ followers: users.followersCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}
