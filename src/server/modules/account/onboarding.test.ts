import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/schemas/users';
import { apiClient, signInAs } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { findOrCreateUserForIdentity } from '../users/index.ts';

const server = useTestApp();
const { person } = server;

/** Someone signing in for the first time, as the sign-in callback makes their account. */
async function newcomer() {
  const row = await findOrCreateUserForIdentity(server.db(), {
    issuer: 'https://id.example',
    subject: `new-${crypto.randomUUID()}`,
    name: 'Nova Newcomer',
  });
  return signInAs(server, row.id);
}

describe('onboarding progress on the current user', () => {
  it('starts a new account at step 1; people from before have none', async () => {
    const api = await newcomer();
    expect((await api.get<CurrentUser>('/api/user')).body.onboardingStep).toBe(1);
    const { api: before } = await person();
    expect((await before.get<CurrentUser>('/api/user')).body.onboardingStep).toBeNull();
  });

  it('keeps the step reached with what it saved, and null once finished for good', async () => {
    const api = await newcomer();
    const saved = await api.put<CurrentUser>('/api/users/me', {
      location: 'Chicago, IL',
      onboardingStep: 3,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ location: 'Chicago, IL', onboardingStep: 3 });
    expect((await api.get<CurrentUser>('/api/user')).body.onboardingStep).toBe(3);

    const genres = await api.put<CurrentUser>('/api/users/me', {
      favoriteGenres: ['jazz', 'rock', 'jazz'],
      onboardingStep: 4,
    });
    expect(genres.body).toMatchObject({ favoriteGenres: ['jazz', 'rock'], onboardingStep: 4 });

    const finished = await api.put<CurrentUser>('/api/users/me', { onboardingStep: null });
    expect(finished.body.onboardingStep).toBeNull();
    // A late step (another tab) does not bring the wizard back.
    const late = await api.put<CurrentUser>('/api/users/me', { onboardingStep: 2 });
    expect(late.status).toBe(200);
    expect(late.body.onboardingStep).toBeNull();
    expect((await api.get<CurrentUser>('/api/user')).body).toMatchObject({
      onboardingStep: null,
      favoriteGenres: ['jazz', 'rock'],
    });
  });

  it('skipping at the first step finishes it as well', async () => {
    const api = await newcomer();
    const skipped = await api.put<CurrentUser>('/api/users/me', { onboardingStep: null });
    expect(skipped.body.onboardingStep).toBeNull();
  });

  it('clears the favourite genres with an empty list', async () => {
    const { api } = await person({ favoriteGenres: ['pop'] });
    const cleared = await api.put<CurrentUser>('/api/users/me', { favoriteGenres: [] });
    expect(cleared.body.favoriteGenres).toEqual([]);
  });

  it.each([
    [{ onboardingStep: 0 }, /onboardingStep must be at least 1/],
    [{ onboardingStep: 5 }, /onboardingStep must be at most 4/],
    [{ onboardingStep: 1.5 }, /onboardingStep must be a whole number/],
    [{ onboardingStep: 'two' }, /onboardingStep/],
    [{ favoriteGenres: ['polka'] }, /favoriteGenres must be among rock/],
    [{ favoriteGenres: 'rock' }, /favoriteGenres/],
    [{ favoriteGenres: Array.from({ length: 9 }, () => 'rock') }, /at most 8 genres/],
  ])('refuses %j with a message', async (body, message) => {
    const api = await newcomer();
    const refused = await api.put('/api/users/me', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringMatching(message) });
    expect((await api.get<CurrentUser>('/api/user')).body.onboardingStep).toBe(1);
  });

  it('is for signed-in people only', async () => {
    const answer = await apiClient(server.app).put('/api/users/me', { onboardingStep: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Not signed in' });
  });
});
