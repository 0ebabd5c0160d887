import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredFetch, json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { ProfileMoreMenu } from './profile-more-menu';

const USER_ID = 'b5d3c0a4-1111-4222-8333-444455556666';

function renderMenu(isBlocked: boolean) {
  return renderWithQueryClient(
    <ProfileMoreMenu userId={USER_ID} name="Ada Lovelace" isBlocked={isBlocked} />,
  );
}

describe('ProfileMoreMenu', () => {
  it('asks before it blocks, and sends nothing when the question is cancelled', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderMenu(false);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block' }));
    let question = await screen.findByRole('alertdialog', { name: 'Block Ada Lovelace?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The menu asks only whether the person is muted.
    const sentTo = fetchMock.mock.calls.map((call: unknown[]) => String(call[0]));
    expect(sentTo).toEqual([`/api/users/${USER_ID}/mute`]);

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block' }));
    question = await screen.findByRole('alertdialog', { name: 'Block Ada Lovelace?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Block' }));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/users/${USER_ID}/block`,
      expect.objectContaining({ method: 'POST' }),
    );
    await answer(json({ isBlocked: true }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(shownToasts()).toContain('Ada Lovelace blocked');
  });

  it('offers Unblock for someone blocked, without a question', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderMenu(true);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.queryByRole('menuitem', { name: 'Block' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unblock' }));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/users/${USER_ID}/block`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    await answer(json({ isBlocked: false }));
    await vi.waitFor(() => expect(shownToasts()).toContain('Ada Lovelace unblocked'));
  });
});
