import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aCurrentUser } from '#client/testing/data';
import { refreshes } from '#client/lib/refreshes';
import { json, renderWithQueryClient } from '#client/testing/render';
import { AccountProvider } from '../hooks/account-context';
import { OnboardingWizard } from './onboarding-wizard';

const newcomer = aCurrentUser({ username: null, lastName: null });

function renderWizard(onClose = vi.fn()) {
  // What shows the person is asked for again: the keys the refresh map names for the write.
  const refreshed = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
  const expectProfileRefreshed = () =>
    expect(refreshed.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      refreshes.profileUpdated(),
    );
  renderWithQueryClient(<OnboardingWizard open onClose={onClose} user={newcomer} />, {
    providers: ({ children }) => <AccountProvider user={newcomer}>{children}</AccountProvider>,
  });
  return { onClose, expectProfileRefreshed };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const stepText = () => screen.getByText(/^Step \d of 4/).textContent;

describe('OnboardingWizard', () => {
  it('opens on basic info with the first name filled in; Next needs both names', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(stepText()).toBe('Step 1 of 4: Basic info');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Robin');
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);

    await user.type(screen.getByLabelText('Last name'), '   ');
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByText('Last name is required')).toBeTruthy();

    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'x'.repeat(51));
    expect(screen.getByText('Last name too long')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);

    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Fields');
    await user.clear(screen.getByLabelText('First name'));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    await user.type(screen.getByLabelText('First name'), 'Robin');
    expect(button('Next').disabled).toBe(false);
    await user.click(button('Next'));
    expect(stepText()).toBe('Step 2 of 4: Username');
    expect(button('Previous').disabled).toBe(false);
  });

  it('lets step 2 go on with no username, or with one confirmed available only', async () => {
    const available = new Set(['robin_f']);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const name = decodeURIComponent(String(url).split('/').pop()!);
      return json({
        available: available.has(name),
        message: available.has(name) ? 'Username is available' : 'Username is already taken',
      });
    });
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('Last name'), 'Fields');
    await user.click(button('Next'));

    expect(button('Next').disabled).toBe(false);
    await user.type(screen.getByLabelText('Username'), 'taken_one');
    expect(button('Next').disabled).toBe(true);
    await screen.findByText('Username is already taken', {}, { timeout: 2000 });
    expect(button('Next').disabled).toBe(true);

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'robin_f');
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    expect(button('Next').disabled).toBe(false);

    await user.click(button('Next'));
    expect(stepText()).toBe('Step 3 of 4: Photo');
    await user.click(button('Previous'));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('robin_f');
  });

  it('saves everything on Complete Setup, welcomes, and closes', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ ...newcomer, lastName: 'Fields', bio: 'Loud.' }));
    const user = userEvent.setup();
    const { onClose, expectProfileRefreshed } = renderWizard();
    await user.type(screen.getByLabelText('Last name'), 'Fields');
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.click(button('Next'));
    expect(stepText()).toBe('Step 4 of 4: About you');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.type(screen.getByLabelText('Bio'), 'Loud.');
    await user.click(button('Complete Setup'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Robin',
      lastName: 'Fields',
      username: null,
      profileImageUrl: null,
      bio: 'Loud.',
      location: null,
    });
    expectProfileRefreshed();
    expect(screen.getByText('Welcome to Encore, Robin!')).toBeTruthy();
  });

  it('keeps focus on Complete Setup while it saves: busy, not disabled', async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.type(screen.getByLabelText('Last name'), 'Fields');
    for (let step = 1; step < 4; step++) await user.click(button('Next'));
    button('Complete Setup').focus();
    await user.keyboard('{Enter}');

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving.getAttribute('aria-busy')).toBe('true');
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect((saving as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(saving);
    expect(button('Previous').getAttribute('aria-busy')).toBe('true');
    expect(button('Previous').disabled).toBe(false);
    // A second press while it saves sends nothing more.
    await user.keyboard('{Enter}');
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);

    answer(json({ ...newcomer, lastName: 'Fields' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says Setup failed and stays open when saving fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ message: 'no' }, 500));
    const user = userEvent.setup();
    const { onClose } = renderWizard();
    await user.type(screen.getByLabelText('Last name'), 'Fields');
    for (let step = 1; step < 4; step++) await user.click(button('Next'));
    await user.click(button('Complete Setup'));
    await screen.findByText('Setup failed');
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Complete Setup').disabled).toBe(false);
  });
});
