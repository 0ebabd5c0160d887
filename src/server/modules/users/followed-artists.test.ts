import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FollowedArtist } from '#shared/schemas/users';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { person, create } = server;

/** An artist of its own (made by a concert of theirs), by id. */
async function newArtist() {
  const concert = await create.concert({
    artist: `Artist ${randomUUID().slice(0, 8)}`,
    date: daysFromToday(-5),
  });
  return { id: concert.artistId, name: concert.artist };
}

describe('GET /api/users/{id}/artists', () => {
  it('lists the artists a person follows, newest follow first, up to the limit', async () => {
    const fan = await person();
    const first = await newArtist();
    const second = await newArtist();
    for (const artist of [first, second]) {
      expect((await fan.api.post(`/api/artists/${artist.id}/follow`)).status).toBe(200);
    }
    const own = await fan.api.get(`/api/users/${fan.user.id}/artists`);
    expect(own.status).toBe(200);
    expect((own.body as FollowedArtist[]).map((a) => a.name)).toEqual([second.name, first.name]);
    expect((own.body as FollowedArtist[])[0]).toEqual({
      id: second.id,
      name: second.name,
      genres: expect.any(Array),
    });

    const one = await fan.api.get(`/api/users/${fan.user.id}/artists?limit=1`);
    expect((one.body as FollowedArtist[]).map((a) => a.id)).toEqual([second.id]);
    const tooMany = await fan.api.get(`/api/users/${fan.user.id}/artists?limit=101`);
    expect(tooMany).toMatchObject({ status: 400, body: { message: expect.any(String) } });

    // Unfollowing takes the artist off the list.
    expect((await fan.api.delete(`/api/artists/${second.id}/follow`)).status).toBe(200);
    const after = await fan.api.get(`/api/users/${fan.user.id}/artists`);
    expect((after.body as FollowedArtist[]).map((a) => a.id)).toEqual([first.id]);
  });

  it("keeps a private person's to their followers, and nobody's across a block", async () => {
    const owner = await person({ isPrivate: true });
    const artist = await newArtist();
    await owner.api.post(`/api/artists/${artist.id}/follow`);

    const stranger = await person();
    expect(await stranger.api.get(`/api/users/${owner.user.id}/artists`)).toMatchObject({
      status: 403,
      body: { message: 'This account is private' },
    });
    const follower = await person();
    await follower.api.post(`/api/users/${owner.user.id}/follow`);
    await owner.api.post(`/api/follow-requests/${follower.user.id}/approve`);
    const seen = await follower.api.get(`/api/users/${owner.user.id}/artists`);
    expect(seen.status).toBe(200);
    expect((seen.body as FollowedArtist[]).map((a) => a.id)).toEqual([artist.id]);

    const publicFan = await person();
    await publicFan.api.post(`/api/artists/${artist.id}/follow`);
    await publicFan.api.post(`/api/users/${stranger.user.id}/block`);
    expect((await stranger.api.get(`/api/users/${publicFan.user.id}/artists`)).status).toBe(404);
    expect(
      (await apiClient(server.app).get(`/api/users/${publicFan.user.id}/artists`)).status,
    ).toBe(401);
    const nobody = await stranger.api.get(`/api/users/${randomUUID()}/artists`);
    expect(nobody.status).toBe(404);
  });
});
