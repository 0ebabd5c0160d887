import { describe, expect, it } from 'vitest';
import type { ArtistSuggestion } from '#shared/schemas/catalogue';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { person, create } = server;

async function suggested(api: ApiClient, query: string) {
  const answer = await api.get<ArtistSuggestion[]>(`/api/artists/suggestions${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('GET /api/artists/suggestions', () => {
  it('gives the artists of the city’s and genres’ shows, most followed first, then the most followed', async () => {
    const show = (artist: string, city: string, genre: string, days: number) =>
      create.concert({ artist, city, genre, date: daysFromToday(days) });
    const played = await show('Suggested Aster', 'Chicago', 'jazz', -10);
    const coming = await show('Suggested Birch', 'Chicago', 'jazz', 20);
    await show('Suggested Cedar', 'Chicago', 'rock', 5);
    await show('Suggested Dogwood', 'Denver', 'jazz', 5);
    await show('Suggested Elm', 'Chicago', 'jazz', -800);
    const elsewhere = await show('Suggested Fir', 'Austin', 'pop', -30);

    const viewer = await person();
    const follow = async (api: ApiClient, artistId: string) =>
      expect((await api.post(`/api/artists/${artistId}/follow`)).status).toBe(200);
    for (let i = 0; i < 3; i++) await follow((await person()).api, elsewhere.artistId);
    for (let i = 0; i < 2; i++) await follow((await person()).api, played.artistId);
    await follow(viewer.api, coming.artistId);

    const both = await suggested(viewer.api, '?city=chicago&genres=jazz');
    expect(both.map((a) => a.name)).toEqual([
      'Suggested Aster',
      'Suggested Birch',
      'Suggested Fir',
    ]);
    expect(both[0]).toMatchObject({
      id: played.artistId,
      followerCount: 2,
      isFollowing: false,
      genres: expect.any(Array),
    });
    expect(both[1]).toMatchObject({ followerCount: 1, isFollowing: true });

    expect((await suggested(viewer.api, '?city=chicago')).map((a) => a.name)).toEqual([
      'Suggested Aster',
      'Suggested Birch',
      'Suggested Cedar',
      'Suggested Fir',
    ]);
    expect((await suggested(viewer.api, '?genres=jazz,rock&city=')).map((a) => a.name)).toEqual([
      'Suggested Aster',
      'Suggested Birch',
      'Suggested Cedar',
      'Suggested Dogwood',
      'Suggested Fir',
    ]);
    expect((await suggested(viewer.api, '?city=chicago&genres=jazz&limit=2')).length).toBe(2);
  });

  it.each([
    ['?city=paris', /city must be one of los-angeles/],
    ['?genres=jazz,polka', /genres must be one of rock/],
    ['?limit=0', /limit must be at least 1/],
    ['?limit=21', /limit must be at most 20/],
    ['?limit=many', /limit must be a number/],
  ])('refuses %s with a message', async (query, message) => {
    const { api } = await person();
    const refused = await api.get(`/api/artists/suggestions${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringMatching(message) });
  });

  it('is for signed-in people only', async () => {
    const answer = await apiClient(server.app).get('/api/artists/suggestions');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in' });
  });
});
