import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConcertFriends as Friends } from '#shared/schemas/attendance';
import { json, renderWithQueryClient } from '#client/testing/render';
import { ConcertFriends } from './concert-friends';

const UPCOMING = { id: 'c1', date: '2099-06-01' };
const PAST = { id: 'c1', date: '2020-06-01' };

const ana = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Lima',
  profileImageUrl: null,
  status: 'going' as const,
};
const ben = {
  id: '00000000-0000-4000-8000-000000000002',
  username: null,
  firstName: 'Ben',
  lastName: null,
  profileImageUrl: '/uploads/ben.webp',
  status: 'attended' as const,
};

function serve(...answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? json({ people: [], total: 0 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ConcertFriends', () => {
  it('shows "Friends going" on a concert to come, each friend linking to their profile', async () => {
    const fetchMock = serve(json({ people: [ana], total: 1 } satisfies Friends));
    renderWithQueryClient(<ConcertFriends concert={UPCOMING} />);
    expect(screen.getByRole('status').textContent).toContain('Loading Friends going');
    const heading = await screen.findByRole('heading', { name: 'Friends going' });
    const section = heading.closest('section');
    expect(section?.getAttribute('aria-labelledby')).toBe(heading.id);
    const link = screen.getByRole('link', { name: /Ana Lima/ });
    expect(link.getAttribute('href')).toBe('/users/ana');
    expect(link.textContent).toContain('AL');
    expect(screen.queryByText(/more/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/concerts/c1/friends', expect.anything());
  });

  it('shows "Friends who were there" on a past concert, and how many more', async () => {
    serve(json({ people: [ben], total: 13 } satisfies Friends));
    renderWithQueryClient(<ConcertFriends concert={PAST} />);
    expect(await screen.findByRole('heading', { name: 'Friends who were there' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Ben/ });
    expect(link.getAttribute('href')).toBe(`/users/${ben.id}`);
    expect(screen.getByText('and 12 more')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Friends going' })).toBeNull();
  });

  it('shows nothing when none of the people one follows marked it', async () => {
    const fetchMock = serve(json({ people: [], total: 0 } satisfies Friends));
    const { container } = renderWithQueryClient(<ConcertFriends concert={UPCOMING} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('says it failed, and Retry asks again', async () => {
    const fetchMock = serve(
      json({ message: 'Something broke' }, 500),
      json({ people: [ana], total: 1 } satisfies Friends),
    );
    renderWithQueryClient(<ConcertFriends concert={UPCOMING} />);
    expect(await screen.findByText('Failed to load Friends going')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('heading', { name: 'Friends going' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
