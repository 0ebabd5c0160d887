import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USERNAME_MAX } from '#shared/limits';
import type { CurrentUser, UsernameCheck, UserSettings } from '#shared/schemas/users';
import { userSettings, users } from '#server/db/schema.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { pngImage } from '#server/testing/media-files.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

// The cache is on here, to see a profile edit drop the pages that show the person.
const server = useTestApp({ env: { RESPONSE_CACHE_SECONDS: '60' } });
const { db, person, create } = server;

async function uploadPicture(api: ApiClient): Promise<string> {
  const sent = await api.upload<{ url: string }>('/api/upload/profile-image', 'file', [
    { name: 'me.png', type: 'image/png', bytes: await pngImage() },
  ]);
  expect(sent.status).toBe(201);
  // Ready, so choosing it shows it at once (one chosen while processing: media-processing.test.ts).
  await jobsSettled(db());
  return sent.body.url;
}

describe('GET /api/users/check-username/:username', () => {
  const check = async (api: ApiClient, name: string) =>
    (await api.get<UsernameCheck>(`/api/users/check-username/${encodeURIComponent(name)}`)).body;

  it('says why a name breaks a rule, whether it is taken, and that one’s own is free', async () => {
    const { api } = await person({ username: 'mine_1' });
    await create.user({ username: 'taken-name' });
    expect(await check(api, 'ab')).toEqual({
      available: false,
      message: 'Username must be between 3 and 30 characters',
    });
    expect(await check(api, 'x'.repeat(USERNAME_MAX + 1))).toEqual({
      available: false,
      message: 'Username must be between 3 and 30 characters',
    });
    expect(await check(api, 'no spaces')).toEqual({
      available: false,
      message: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
    expect(await check(api, 'Taken-Name')).toEqual({
      available: false,
      message: 'Username is already taken',
    });
    expect(await check(api, 'MINE_1')).toEqual({
      available: true,
      message: 'Username is available',
    });
    expect((await check(api, 'free_name')).available).toBe(true);
  });

  it('needs a session', async () => {
    expect((await apiClient(server.app).get('/api/users/check-username/abc')).status).toBe(401);
  });
});

describe('PUT /api/users/me', () => {
  it('changes what is given, clears what is blank, keeps what is absent', async () => {
    const { user, api } = await person({ bio: 'old bio', location: 'Austin' });
    const { status, body } = await api.put<CurrentUser>('/api/users/me', {
      firstName: ' Ana ',
      lastName: 'de la Cruz',
      username: 'Ana_Cruz',
      bio: '   ',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: user.id,
      firstName: 'Ana',
      lastName: 'de la Cruz',
      username: 'ana_cruz',
      bio: null,
      location: 'Austin',
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: 'ana_cruz', bio: null, location: 'Austin' });
    // Saving one's own name again is not a conflict.
    expect((await api.put('/api/users/me', { username: 'ANA_CRUZ' })).status).toBe(200);
  });

  it.each([
    [{ firstName: '' }, 'Name is required'],
    [{ firstName: null }, 'Name is required'],
    [{ firstName: 'x'.repeat(101) }, 'Name too long'],
    [{ firstName: 'x'.repeat(60), lastName: 'y'.repeat(60) }, 'Name too long'],
    [{ username: 'ab' }, 'Username must be between 3 and 30 characters'],
    [{ username: 'a b c' }, 'Username can only contain letters, numbers, underscores, and hyphens'],
    [{ bio: 'x'.repeat(501) }, 'Bio too long'],
    [{ location: 'x'.repeat(101) }, 'Location too long'],
    [{ profileImageUrl: 'https://example.com/me.png' }, 'profileImageUrl'],
    [{ username: 42 }, 'username'],
  ])('refuses %j with its message', async (body, message) => {
    const { api } = await person();
    const answer = await api.put<{ message: string }>('/api/users/me', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('answers 409 for a taken username, also when two people race for it', async () => {
    await create.user({ username: 'popular' });
    const { api } = await person();
    expect(await api.put('/api/users/me', { username: 'Popular' })).toMatchObject({
      status: 409,
      body: { message: 'Username is already taken' },
    });

    const racers = await Promise.all([person(), person(), person()]);
    const answers = await Promise.all(
      racers.map(({ api: c }) => c.put('/api/users/me', { username: 'racer' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ message: 'Username is already taken' });
    }
  });

  it('takes only a profile picture the person uploaded, or null', async () => {
    const { user, api } = await person();
    const other = await person();
    const mine = await uploadPicture(api);
    const theirs = await uploadPicture(other.api);

    const refused = await api.put<{ message: string }>('/api/users/me', {
      profileImageUrl: theirs,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/profileImageUrl/);

    const reviewUpload = await api.upload<{ paths: string[] }>('/api/upload', 'files', [
      { name: 'gig.png', type: 'image/png', bytes: await pngImage() },
    ]);
    expect(
      (await api.put('/api/users/me', { profileImageUrl: reviewUpload.body.paths[0] })).status,
    ).toBe(400);

    expect(
      (await api.put<CurrentUser>('/api/users/me', { profileImageUrl: mine })).body.profileImageUrl,
    ).toBe(mine);
    // The row keeps the upload's key; the URL is made as it is read.
    const [chosen] = await db().select().from(users).where(eq(users.id, user.id));
    expect(chosen!.profileImageUrl).toBe(mine.replace('/uploads/', ''));
    // Unchanged is fine, and so is another field beside it.
    expect((await api.put('/api/users/me', { profileImageUrl: mine, bio: 'hi' })).status).toBe(200);
    expect(
      (await api.put<CurrentUser>('/api/users/me', { profileImageUrl: '' })).body.profileImageUrl,
    ).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.profileImageUrl).toBeNull();
  });

  it('drops cached review pages that show the person', async () => {
    const { user, api } = await person({ firstName: 'Before', lastName: 'Edit' });
    const concert = await create.concert();
    await create.review({ userId: user.id, concertId: concert.id });
    const anonymous = apiClient(server.app);
    const page = `/api/concerts/${concert.id}/reviews`;
    expect((await anonymous.get(page)).text).toContain('Before');
    await api.put('/api/users/me', { firstName: 'After' });
    const again = await anonymous.get(page);
    expect(again.text).toContain('After');
    expect(again.text).not.toContain('Before');
  });
});

describe('DELETE /api/users/me and cached pages', () => {
  it('drops the cached pages of the concerts they reviewed', async () => {
    const { user, api } = await person({ firstName: 'Leaving', lastName: 'Soon' });
    const concert = await create.concert();
    await create.review({ userId: user.id, concertId: concert.id, overallRating: 2 });
    await create.review({ concertId: concert.id, overallRating: 4 });
    const anonymous = apiClient(server.app);
    const page = `/api/concerts/${concert.id}/reviews`;
    const detail = `/api/concerts/${concert.id}`;
    expect((await anonymous.get(page)).text).toContain('Leaving');
    expect((await anonymous.get<{ averageRating: number }>(detail)).body.averageRating).toBe(3);
    expect((await api.delete('/api/users/me')).status).toBe(204);
    expect((await anonymous.get(page)).text).not.toContain('Leaving');
    expect((await anonymous.get<{ averageRating: number }>(detail)).body.averageRating).toBe(4);
  });

  it('lets someone whose provider gave a long name still edit the rest', async () => {
    const { api } = await person({ firstName: 'x'.repeat(80), lastName: 'y'.repeat(80) });
    expect((await api.put('/api/users/me', { bio: 'Still me' })).status).toBe(200);
  });
});

describe('settings', () => {
  const defaults: UserSettings = {
    emailNotifications: true,
    dailyDigest: true,
    pushNotifications: true,
    newFollowerNotif: true,
    newReviewNotif: true,
    newCommentNotif: true,
    newLikeNotif: true,
    friendsGoingNotif: true,
    upcomingConcertReminders: true,
    publicProfile: true,
    showConcertHistory: true,
    theme: 'system',
    language: 'en',
    timeZone: null,
  };

  it('answers the defaults, then changes only what a PUT names', async () => {
    const { user, api } = await person();
    expect(await api.get('/api/users/me/settings')).toMatchObject({
      status: 200,
      body: defaults,
    });
    const changed = await api.put<UserSettings>('/api/users/me/settings', {
      newLikeNotif: false,
      theme: 'dark',
      publicProfile: false,
    });
    expect(changed.body).toEqual({
      ...defaults,
      newLikeNotif: false,
      theme: 'dark',
      publicProfile: false,
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.isPrivate).toBe(true);

    const next = await api.put<UserSettings>('/api/users/me/settings', {
      showConcertHistory: false,
    });
    expect(next.body).toEqual({
      ...defaults,
      newLikeNotif: false,
      theme: 'dark',
      publicProfile: false,
      showConcertHistory: false,
    });
    expect((await api.get('/api/users/me/settings')).body).toEqual(next.body);
    await api.put('/api/users/me/settings', { publicProfile: true });
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after!.isPrivate).toBe(false);
  });

  it('takes concurrent first changes without failing', async () => {
    const { api } = await person();
    const answers = await Promise.all([
      api.put('/api/users/me/settings', { newLikeNotif: false }),
      api.put('/api/users/me/settings', { newCommentNotif: false }),
      api.put('/api/users/me/settings', { theme: 'light' }),
      api.put('/api/users/me/settings', { pushNotifications: false }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await api.get('/api/users/me/settings')).body).toMatchObject({
      newLikeNotif: false,
      newCommentNotif: false,
      theme: 'light',
      pushNotifications: false,
    });
  });

  it('keeps the time zone one chooses, and forgets it when told null', async () => {
    const { user, api } = await person();
    const saved = await api.put<UserSettings>('/api/users/me/settings', {
      timeZone: 'Asia/Tokyo',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...defaults, timeZone: 'Asia/Tokyo' });
    expect((await api.get('/api/users/me/settings')).body).toEqual(saved.body);
    const [row] = await db()
      .select({ timeZone: userSettings.timeZone })
      .from(userSettings)
      .where(eq(userSettings.userId, user.id));
    expect(row!.timeZone).toBe('Asia/Tokyo');

    const other = await api.put<UserSettings>('/api/users/me/settings', { theme: 'dark' });
    expect(other.body.timeZone).toBe('Asia/Tokyo');
    const cleared = await api.put<UserSettings>('/api/users/me/settings', { timeZone: null });
    expect(cleared.body.timeZone).toBeNull();
  });

  it.each([
    [{ theme: 'sepia' }, 'theme'],
    [{ newLikeNotif: 'yes' }, 'newLikeNotif'],
    [{ language: 'x' }, 'language'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    [{ timeZone: '+01:00' }, 'timeZone'],
    [{ timeZone: '' }, 'timeZone'],
    [{ timeZone: `Europe/${'x'.repeat(100)}` }, 'timeZone'],
    [{ timeZone: 7 }, 'timeZone'],
  ])('refuses %j naming the field', async (body, field) => {
    const { api } = await person();
    const answer = await api.put<{ message: string }>('/api/users/me/settings', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });
});
