import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserSummary } from '#shared/schemas/users';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { person, create } = server;

/** A past concert by an artist no other test uses, so overlaps are only the ones made here. */
const showBy = (artist: string) => create.concert({ artist, date: daysFromToday(-10) });
const newArtist = () => `Artist ${randomUUID().slice(0, 8)}`;

async function suggestionsFor(viewer: Awaited<ReturnType<typeof person>>, query = '') {
  const answer = await viewer.api.get(`/api/users/suggestions${query}`);
  expect(answer.status).toBe(200);
  return (answer.body as UserSummary[]).map((p) => p.id);
}

describe('GET /api/users/suggestions', () => {
  it('ranks people by shared concerts and artists, then top reviewers of the same city', async () => {
    const city = `Town ${randomUUID().slice(0, 8)}`;
    const viewer = await person({ location: city, favoriteGenres: [] });
    const artist = newArtist();
    const show = await showBy(artist);
    const otherShow = await showBy(artist);
    await create.review({ userId: viewer.user.id, concertId: show.id });

    // Same concert (counts 2) beats same artist at another show (counts 1).
    const sameShow = await person();
    await create.review({ userId: sameShow.user.id, concertId: show.id });
    const sameArtist = await person();
    await create.review({ userId: sameArtist.user.id, concertId: otherShow.id });
    // Both: 3.
    const both = await person();
    await create.review({ userId: both.user.id, concertId: show.id });
    await create.review({ userId: both.user.id, concertId: otherShow.id });

    // In the city: two reviews beat one; none means no suggestion. Any case of the name.
    const busyNeighbour = await person({ location: city.toUpperCase() });
    await create.review({ userId: busyNeighbour.user.id });
    await create.review({ userId: busyNeighbour.user.id });
    const neighbour = await person({ location: city });
    await create.review({ userId: neighbour.user.id });
    await person({ location: city });
    // Someone elsewhere with many reviews is no one's neighbour here.
    const elsewhere = await person({ location: 'Elsewhere' });
    await create.review({ userId: elsewhere.user.id });

    expect(await suggestionsFor(viewer)).toEqual([
      both.user.id,
      sameShow.user.id,
      sameArtist.user.id,
      busyNeighbour.user.id,
      neighbour.user.id,
    ]);
    const [first] = (await viewer.api.get('/api/users/suggestions')).body as UserSummary[];
    expect(first).toMatchObject({ id: both.user.id, isFollowing: false });
  });

  it('falls back on the city alone for someone without reviews', async () => {
    const city = `Town ${randomUUID().slice(0, 8)}`;
    const viewer = await person({ location: city, favoriteGenres: [] });
    const neighbour = await person({ location: city });
    await create.review({ userId: neighbour.user.id });
    expect(await suggestionsFor(viewer)).toEqual([neighbour.user.id]);

    const nowhere = await person({ location: null, favoriteGenres: [] });
    expect(await suggestionsFor(nowhere)).toEqual([]);
  });

  it('then suggests the latest reviewers who like a genre the viewer likes', async () => {
    const genre = `genre-${randomUUID().slice(0, 8)}`;
    const city = `Town ${randomUUID().slice(0, 8)}`;
    const viewer = await person({ location: city, favoriteGenres: [genre, 'jazz-x'] });
    const neighbour = await person({ location: city, favoriteGenres: [] });
    await create.review({ userId: neighbour.user.id });
    const fan = await person({ location: 'Elsewhere', favoriteGenres: [genre] });
    await create.review({ userId: fan.user.id });
    // Liking the genre without a review of late is not enough.
    await person({ location: 'Elsewhere', favoriteGenres: [genre] });
    expect(await suggestionsFor(viewer)).toEqual([neighbour.user.id, fan.user.id]);
  });

  it('leaves out oneself, people followed or asked, and blocks either way', async () => {
    const city = `Town ${randomUUID().slice(0, 8)}`;
    const viewer = await person({ location: city, favoriteGenres: [] });
    const reviewer = async (fields = {}) => {
      const someone = await person({ location: city, ...fields });
      await create.review({ userId: someone.user.id });
      return someone;
    };
    // The viewer reviews too (a neighbour with reviews), of an artist nobody else reviewed.
    const ownShow = await showBy(newArtist());
    await create.review({ userId: viewer.user.id, concertId: ownShow.id });
    const followed = await reviewer();
    const asked = await reviewer({ isPrivate: true });
    const blocked = await reviewer();
    const blocker = await reviewer();
    const stranger = await reviewer();
    const privateStranger = await reviewer({ isPrivate: true });
    expect((await viewer.api.post(`/api/users/${followed.user.id}/follow`)).status).toBe(200);
    expect(await viewer.api.post(`/api/users/${asked.user.id}/follow`)).toMatchObject({
      status: 200,
      body: { requested: true },
    });
    expect((await viewer.api.post(`/api/users/${blocked.user.id}/block`)).status).toBe(200);
    expect((await blocker.api.post(`/api/users/${viewer.user.id}/block`)).status).toBe(200);

    const ids = await suggestionsFor(viewer);
    expect(ids.sort()).toEqual([stranger.user.id, privateStranger.user.id].sort());
  });

  it('takes a limit of 1 to 20 (10 by default) and refuses others with a message', async () => {
    const city = `Town ${randomUUID().slice(0, 8)}`;
    const viewer = await person({ location: city, favoriteGenres: [] });
    for (let i = 0; i < 12; i++) {
      const someone = await person({ location: city });
      await create.review({ userId: someone.user.id });
    }
    expect(await suggestionsFor(viewer)).toHaveLength(10);
    expect(await suggestionsFor(viewer, '?limit=20')).toHaveLength(12);
    expect(await suggestionsFor(viewer, '?limit=1')).toHaveLength(1);
    for (const limit of ['21', '0', 'many']) {
      const refused = await viewer.api.get(`/api/users/suggestions?limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: expect.any(String) });
    }
    expect((await viewer.api.get('/api/users/suggestions?limit=21')).body).toEqual({
      message: expect.stringMatching(/at most 20/),
    });
  });

  it('is for signed-in people only', async () => {
    expect((await apiClient(server.app).get('/api/users/suggestions')).status).toBe(401);
  });
});
