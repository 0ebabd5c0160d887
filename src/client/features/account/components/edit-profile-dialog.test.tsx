import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aCurrentUser } from '#client/testing/data';
import { refreshes } from '#client/lib/refreshes';
import { json, renderWithQueryClient } from '#client/testing/render';
import { AccountProvider } from '../hooks/account-context';
import { EditProfileDialog } from './edit-profile-dialog';

const robin = aCurrentUser({ bio: 'Front row.' });

function renderDialog() {
  const onOpenChange = vi.fn();
  // What shows the person is asked for again: the keys the refresh map names for the write.
  const refreshed = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
  const expectProfileRefreshed = () =>
    expect(refreshed.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(
      refreshes.profileUpdated(),
    );
  renderWithQueryClient(<EditProfileDialog open onOpenChange={onOpenChange} />, {
    providers: ({ children }) => <AccountProvider user={robin}>{children}</AccountProvider>,
  });
  return { onOpenChange, expectProfileRefreshed };
}

const save = () => screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;

describe('EditProfileDialog', () => {
  it('blocks Save while the username is taken, and saves the split name once it is free', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'PUT') return json({ ...robin, ...JSON.parse(String(init.body)) });
      const name = decodeURIComponent(String(url).split('/').pop()!);
      const available = name !== 'taken_one';
      return json({
        available,
        message: available ? 'Username is available' : 'Username is already taken',
      });
    });
    const user = userEvent.setup();
    const { onOpenChange, expectProfileRefreshed } = renderDialog();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Robin Fields');
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Front row.');

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'taken_one');
    await screen.findByText('Username is already taken', {}, { timeout: 2000 });
    expect(save().disabled).toBe(true);

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Robin_F');
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Robin Quinn Fields');
    await user.clear(screen.getByLabelText('Bio'));
    await user.click(save());

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/users/me');
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      firstName: 'Robin',
      lastName: 'Quinn Fields',
      username: 'robin_f',
      bio: null,
      location: null,
      profileImageUrl: null,
    });
    expectProfileRefreshed();
    expect(screen.getByText('Profile updated successfully!')).toBeTruthy();
  });

  it('shows the spec’s message for an empty name and does not send it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderDialog();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(save());
    // The form checks its fields before it sends anything, a turn after the click.
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image, with the spec’s toast', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup({ applyAccept: false });
    renderDialog();
    await user.upload(
      screen.getByTestId('profile-image-input'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('Invalid file type')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
