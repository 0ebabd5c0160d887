import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ArtistSuggestion } from '#shared/schemas/catalogue';
import type { CurrentUser, UserSummary } from '#shared/schemas/users';
import { aCurrentUser } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import { AccountProvider } from '../hooks/account-context';
import { OnboardingWizard } from './onboarding-wizard';

const newcomer = aCurrentUser({ username: 'robin-fields', onboardingStep: 1 });

const artist: ArtistSuggestion = {
  id: '0b7d0d7e-7a7a-4c1e-9c53-6f3f0a0e0a01',
  name: 'The Night Owls',
  genres: ['jazz'],
  imageUrl: null,
  followerCount: 4,
  isFollowing: false,
};
const someone: UserSummary = {
  id: '0b7d0d7e-7a7a-4c1e-9c53-6f3f0a0e0a02',
  username: 'sam',
  firstName: 'Sam',
  lastName: 'Lee',
  profileImageUrl: null,
  bio: null,
  isFollowing: false,
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The API as the wizard meets it: PUT /api/users/me answers the user with what was sent,
 * the suggestions answer one artist and one person, follows answer followed, and a username
 * is free unless it is "taken_one".
 */
function fakeApi(user: CurrentUser, { failSaves = false } = {}) {
  const sent: Sent[] = [];
  let current = user;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.startsWith('/api/users/check-username/')) {
      const free = !url.endsWith('/taken_one');
      return json({
        available: free,
        message: free ? 'Username is available' : 'Username is already taken',
      });
    }
    if (url === '/api/users/me' && method === 'PUT') {
      if (failSaves) return json({ message: 'no' }, 500);
      current = { ...current, ...(body as Partial<CurrentUser>) };
      return json(current);
    }
    if (url.startsWith('/api/artists/suggestions')) return json([artist]);
    if (url.startsWith('/api/users/suggestions')) return json([someone]);
    if (url === `/api/artists/${artist.id}/follow`) {
      return json({ isFollowing: method === 'POST', followerCount: 5 });
    }
    if (url === `/api/users/${someone.id}/follow`) {
      return json({ isFollowing: method === 'POST', requested: false, followers: 1 });
    }
    return json({ message: `unexpected ${method} ${url}` }, 404);
  });
  const saves = () =>
    sent.filter((s) => s.method === 'PUT' && s.url === '/api/users/me').map((s) => s.body);
  return { sent, saves };
}

function renderWizard(user: CurrentUser = newcomer, options?: { failSaves?: boolean }) {
  const onClose = vi.fn();
  const api = fakeApi(user, options);
  renderWithQueryClient(<OnboardingWizard open onClose={onClose} user={user} />, {
    providers: ({ children }) => <AccountProvider user={user}>{children}</AccountProvider>,
  });
  return { onClose, ...api };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const stepText = () => screen.getByText(/^Step \d of 4/).textContent;
const heading = (name: string) => screen.getByRole('heading', { name, level: 3 });

describe('OnboardingWizard', () => {
  it('opens on the username, focused on its heading; Next saves it and the step reached', async () => {
    const user = userEvent.setup();
    const { saves } = renderWizard();
    expect(stepText()).toBe('Step 1 of 4: Username');
    expect(document.activeElement).toBe(heading('Pick a username'));
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('robin-fields');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await user.click(button('Next'));
    await screen.findByText('Step 2 of 4: City');
    expect(saves()).toEqual([{ username: 'robin-fields', onboardingStep: 2 }]);
    expect(document.activeElement).toBe(heading('Where do you go to shows?'));
    await user.click(button('Back'));
    expect(stepText()).toBe('Step 1 of 4: Username');
  });

  it('never disables Next: a refused step says why beside it and focuses the field', async () => {
    const user = userEvent.setup();
    const { saves } = renderWizard({ ...newcomer, lastName: null });
    expect(stepText()).toBe('Step 1 of 4: Name and username');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Robin');

    expect(button('Next').disabled).toBe(false);
    await user.click(button('Next'));
    const last = screen.getByLabelText('Last name');
    expect(document.activeElement).toBe(last);
    const reason = document.getElementById(button('Next').getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Last name is required');
    expect(saves()).toEqual([]);

    await user.type(last, 'Fields');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'taken_one');
    await screen.findByText('Username is already taken', {}, { timeout: 2000 });
    await user.click(button('Next'));
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByText('Choose another username, or leave it blank')).toBeTruthy();

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'robin_f');
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    await user.click(button('Next'));
    await screen.findByText('Step 2 of 4: City');
    expect(saves()).toEqual([
      { firstName: 'Robin', lastName: 'Fields', username: 'robin_f', onboardingStep: 2 },
    ]);
  });

  it('saves one of Encore’s cities as "City, ST", or a city typed under Other', async () => {
    const user = userEvent.setup();
    const { saves } = renderWizard({ ...newcomer, onboardingStep: 2 });
    expect(stepText()).toBe('Step 2 of 4: City');
    const city = screen.getByLabelText('City') as HTMLSelectElement;
    expect(city.value).toBe('');
    await user.selectOptions(city, 'Other');
    await user.click(button('Next'));
    expect(document.activeElement).toBe(screen.getByLabelText('Your city'));
    expect(screen.getAllByText('Type your city, or choose one of the list').length).toBeGreaterThan(
      0,
    );
    expect(saves()).toEqual([]);

    await user.selectOptions(city, 'Chicago, IL');
    await user.click(button('Next'));
    await screen.findByText('Step 3 of 4: Favourite genres');
    await user.click(button('Back'));
    await user.selectOptions(screen.getByLabelText('City'), 'Other');
    await user.type(screen.getByLabelText('Your city'), 'Lisbon');
    await user.click(button('Next'));
    await waitFor(() =>
      expect(saves()).toEqual([
        { location: 'Chicago, IL', onboardingStep: 3 },
        { location: 'Lisbon', onboardingStep: 3 },
      ]),
    );
  });

  it('reopens where it was left, with the genres toggled on and off as chips', async () => {
    const user = userEvent.setup();
    const { saves } = renderWizard({ ...newcomer, onboardingStep: 3, favoriteGenres: ['pop'] });
    expect(stepText()).toBe('Step 3 of 4: Favourite genres');
    expect(button('Pop').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('Jazz'));
    await user.click(button('Rock'));
    await user.click(button('Pop'));
    expect(button('Jazz').getAttribute('aria-pressed')).toBe('true');
    expect(button('Pop').getAttribute('aria-pressed')).toBe('false');
    await user.click(button('Next'));
    await screen.findByText('Step 4 of 4: Follow');
    expect(saves()).toEqual([{ favoriteGenres: ['rock', 'jazz'], onboardingStep: 4 }]);
  });

  it('suggests artists for the city and genres and people to follow; Finish welcomes and closes', async () => {
    const user = userEvent.setup();
    const { sent, saves, onClose } = renderWizard({
      ...newcomer,
      onboardingStep: 4,
      location: 'Austin, TX',
      favoriteGenres: ['jazz', 'rock'],
    });
    await screen.findByRole('button', { name: 'Follow The Night Owls' });
    expect(sent.find((s) => s.url.startsWith('/api/artists/suggestions'))?.url).toBe(
      '/api/artists/suggestions?city=austin&genres=rock%2Cjazz&limit=6',
    );
    await user.click(button('Follow The Night Owls'));
    await screen.findByRole('button', { name: 'Following The Night Owls' });
    expect(screen.getByText('Jazz · 5 followers')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Follow Sam Lee' }));
    await screen.findByRole('button', { name: 'Following Sam Lee' });
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url)).toEqual([
      `/api/artists/${artist.id}/follow`,
      `/api/users/${someone.id}/follow`,
    ]);

    await user.click(button('Finish'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toEqual([{ onboardingStep: null }]);
    expect(screen.getByText('Welcome to Encore, Robin!')).toBeTruthy();
  });

  it('Skip for now finishes it on the server and closes, from any step', async () => {
    const user = userEvent.setup();
    const { saves, onClose } = renderWizard({ ...newcomer, onboardingStep: 2 });
    await user.click(button('Skip for now'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toEqual([{ onboardingStep: null }]);
    expect(screen.queryByText(/Welcome to Encore/)).toBeNull();
  });

  it('says Setup failed and stays on the step when saving fails', async () => {
    const user = userEvent.setup();
    const { onClose } = renderWizard(newcomer, { failSaves: true });
    await user.click(button('Next'));
    await screen.findByText('Setup failed');
    expect(stepText()).toBe('Step 1 of 4: Username');
    expect(onClose).not.toHaveBeenCalled();
  });
});
