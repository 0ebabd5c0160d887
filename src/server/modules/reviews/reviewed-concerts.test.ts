/** GET /api/users/me/reviewed-concerts: which shows one reviewed, so the dialog edits instead. */
import { describe, expect, it } from 'vitest';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { testDatabaseKind } from '#server/testing/test-database.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { create } = server;
const path = (ids: string) => `/api/users/me/reviewed-concerts?concertIds=${ids}`;

describe(`GET /api/users/me/reviewed-concerts (${testDatabaseKind()})`, () => {
  it('answers the person’s own reviews of the concerts asked about, and nobody else’s', async () => {
    const { user, api } = await server.person();
    const other = await server.person();
    const [reviewed, notReviewed, othersOnly] = await Promise.all([
      create.concert({ date: daysFromToday(-3) }),
      create.concert({ date: daysFromToday(-4) }),
      create.concert({ date: daysFromToday(-5) }),
    ]);
    const mine = await create.review({ userId: user.id, concertId: reviewed.id });
    await create.review({ userId: other.user.id, concertId: othersOnly.id });

    const { status, body } = await api.get(
      path(`${reviewed.id},${notReviewed.id},${othersOnly.id},sfm_unknown,${reviewed.id}`),
    );
    expect(status).toBe(200);
    expect(body).toEqual([{ concertId: reviewed.id, reviewId: mine.id }]);
  });

  it('refuses no ids, too many, and visitors', async () => {
    const { api } = await server.person();
    expect((await api.get(path(''))).status).toBe(400);
    expect((await api.get(path(' , '))).body).toEqual({
      message: expect.stringContaining('concertIds'),
    });
    const many = Array.from({ length: 51 }, (_, i) => `sfm_${i}`).join(',');
    expect((await api.get(path(many))).status).toBe(400);
    const visitor = apiClient(server.app);
    expect((await visitor.get(path('sfm_1'))).status).toBe(401);
  });
});
