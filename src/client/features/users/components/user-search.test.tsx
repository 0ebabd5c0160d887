import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { deferredFetch, json, renderWithQueryClient } from '#client/testing/render';
import { UserSearch } from './user-search';

const viewerId = '0f0f0f0f-1111-4222-8333-444455556666';
const bea = {
  id: 'b5d3c0a4-1111-4222-8333-444455556666',
  username: 'bea',
  firstName: 'Bea',
  lastName: 'Quill',
  profileImageUrl: null,
  bio: null,
  isFollowing: false,
};

function renderSearch() {
  const location = memoryLocation({ path: '/search-users' });
  const providers = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  return renderWithQueryClient(<UserSearch viewerId={viewerId} />, { providers });
}

afterEach(() => vi.unstubAllGlobals());

describe('Find Friends before anything is typed', () => {
  it('shows "Suggested for you" loading, then the people with a follow toggle', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderSearch();
    expect(screen.getByRole('heading', { name: 'Suggested for you' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading suggestions...');
    expect(fetchMock).toHaveBeenCalledWith('/api/users/suggestions', expect.anything());

    await answer(json([bea]));
    const list = await screen.findByRole('list', { name: 'Suggested for you' });
    const card = within(list).getByRole('article', { name: 'Bea Quill' });
    expect(within(card).getByRole('button', { name: 'Follow Bea Quill' })).toBeTruthy();
  });

  it('says so when there is nobody to suggest, and when the suggestions fail', async () => {
    const first = deferredFetch();
    const { unmount } = renderSearch();
    await first.answer(json([]));
    expect(await screen.findByText('No suggestions yet')).toBeTruthy();
    unmount();

    const second = deferredFetch();
    renderSearch();
    await second.answer(json({ message: 'boom' }, 500));
    expect(await screen.findByText('Suggestions failed to load')).toBeTruthy();
  });

  it('keeps the suggestions under the hint while fewer than 2 characters are typed', async () => {
    const { answer } = deferredFetch();
    renderSearch();
    await answer(json([bea]));
    await userEvent.type(screen.getByLabelText('Search users by username or name'), 'B');
    expect(screen.getByText('Type at least 2 characters to search for users')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Suggested for you' })).toBeTruthy();
  });
});

describe('Find Friends searching', () => {
  it('says a failed search failed, and its Retry searches again', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderSearch();
    await answer(json([]));
    await userEvent.type(screen.getByLabelText('Search users by username or name'), 'Bea');
    expect((await screen.findByRole('status')).textContent).toBe('Searching users...');
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith(
        expect.stringMatching(/^\/api\/users\/search\?q=Bea/),
        expect.anything(),
      ),
    );
    await answer(json({ message: 'boom' }, 500));
    expect(await screen.findByText('Failed to search users. Please try again.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answer(json([bea]));
    const list = await screen.findByRole('list', { name: 'People found' });
    expect(within(list).getByRole('article', { name: 'Bea Quill' })).toBeTruthy();
  });
});
