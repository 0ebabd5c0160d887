import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredFetch, json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { FollowButton } from './follow-button';

function renderButton(isFollowing: boolean) {
  return renderWithQueryClient(
    <FollowButton
      userId="b5d3c0a4-1111-4222-8333-444455556666"
      name="Ada Lovelace"
      isFollowing={isFollowing}
    />,
  );
}

const button = () => screen.getByRole('button', { name: /Ada Lovelace$/ });

describe('FollowButton', () => {
  it('shows Following at once, busy but focused until the server answers, then says so', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderButton(false);
    expect(button().textContent).toBe('Follow Ada Lovelace');
    // The words say the state: no pressed state on top of them.
    expect(button().hasAttribute('aria-pressed')).toBe(false);

    await userEvent.click(button());
    expect(button().textContent).toBe('Following Ada Lovelace');
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(button());
    // A second press while the first is on its way is ignored.
    await userEvent.click(button());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/b5d3c0a4-1111-4222-8333-444455556666/follow',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );

    await answer(json({ isFollowing: true, followers: 1 }));
    await vi.waitFor(() => expect(button().hasAttribute('aria-busy')).toBe(false));
    expect(button().hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(button());
    expect(button().textContent).toBe('Following Ada Lovelace');
    expect(shownToasts()).toContain('User followed successfully');
  });

  it('goes back to Follow with the spec toast when following fails', async () => {
    const { answer } = deferredFetch();
    renderButton(false);
    await userEvent.click(button());
    expect(button().textContent).toBe('Following Ada Lovelace');

    await answer(json({ message: 'boom' }, 500));
    await vi.waitFor(() => expect(button().hasAttribute('aria-busy')).toBe(false));
    expect(button().textContent).toBe('Follow Ada Lovelace');
    expect(shownToasts()).toContain('Error Failed to follow user');
  });

  it('unfollows with DELETE and rolls back to Following when that fails', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderButton(true);
    await userEvent.click(button());
    expect(button().textContent).toBe('Follow Ada Lovelace');
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/\/follow$/),
      expect.objectContaining({ method: 'DELETE' }),
    );

    await answer(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await vi.waitFor(() => expect(button().textContent).toBe('Following Ada Lovelace'));
    expect(shownToasts()).toContain('Error Failed to unfollow user');
  });

  it('reads Requested when the person is private, and a second press withdraws the request', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderButton(false);
    await userEvent.click(button());
    await answer(json({ isFollowing: false, requested: true, followers: 0 }));
    await vi.waitFor(() => expect(button().textContent).toBe('Requested Ada Lovelace'));
    expect(shownToasts()).toContain('Follow request sent');

    await userEvent.click(button());
    expect(fetchMock).toHaveBeenLastCalledWith(
      expect.stringMatching(/\/follow$/),
      expect.objectContaining({ method: 'DELETE' }),
    );
    await answer(json({ isFollowing: false, requested: false, followers: 0 }));
    await vi.waitFor(() => expect(button().hasAttribute('aria-busy')).toBe(false));
    expect(button().textContent).toBe('Follow Ada Lovelace');
  });
});
