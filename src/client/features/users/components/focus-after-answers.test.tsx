import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FollowRequest } from '#shared/schemas/users';
import { json, renderWithQueryClient } from '#client/testing/render';
import { BlockedAccountsCard } from './blocked-accounts-card';
import { FollowRequests } from './follow-requests';
import { MutedAccounts } from './muted-accounts';

const person = (n: number) => ({
  id: `b5d3c0a4-1111-4222-8333-44445555000${n}`,
  username: `person${n}`,
  firstName: `Person${n}`,
  lastName: 'Test',
  profileImageUrl: null,
});

const request = (n: number): FollowRequest => ({
  ...person(n),
  bio: null,
  requestedAt: '2026-01-01T00:00:00.000Z',
});

/** GETs answer `list`; anything else (the answer to a button) answers `written`. */
function stubServer(list: unknown, written: unknown = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) =>
      json(!init?.method || init.method === 'GET' ? list : written),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('FollowRequests: focus after an answer', () => {
  it('moves to the next request’s first button after Approve', async () => {
    stubServer(
      { pending: 3, requests: [request(1), request(2), request(3)] },
      {
        followers: 1,
        pending: 2,
      },
    );
    renderWithQueryClient(<FollowRequests />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Person1 Test' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Approve Person2 Test' }),
    );
  });

  it('moves to the request before after declining the last one', async () => {
    stubServer({ pending: 2, requests: [request(1), request(2)] }, { followers: 0, pending: 1 });
    renderWithQueryClient(<FollowRequests />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Person2 Test' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Approve Person1 Test' }),
    );
  });

  it('moves to the section’s heading when none is left, and the section stays', async () => {
    stubServer({ pending: 1, requests: [request(1)] }, { followers: 1, pending: 0 });
    renderWithQueryClient(<FollowRequests />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Person1 Test' }));
    const heading = screen.getByRole('heading', { name: /Follow requests/ });
    expect(document.activeElement).toBe(heading);
    expect(await screen.findByText('No follow requests are waiting.')).toBeTruthy();
    expect(document.activeElement).toBe(heading);
  });
});

describe('Settings lists: focus after Unblock and Unmute', () => {
  it('moves to the Blocked accounts heading after Unblock', async () => {
    stubServer(
      [
        { ...person(1), bio: null, isFollowing: false },
        { ...person(2), bio: null, isFollowing: false },
      ],
      { blocked: false },
    );
    renderWithQueryClient(<BlockedAccountsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock Person1 Test' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Blocked accounts' }));
  });

  it('moves to the Muted accounts heading after Unmute', async () => {
    stubServer(
      [
        { ...person(1), mutedAt: '2026-01-01T00:00:00.000Z' },
        { ...person(2), mutedAt: '2026-01-01T00:00:00.000Z' },
      ],
      { muted: false },
    );
    renderWithQueryClient(<MutedAccounts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unmute Person1 Test' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Muted accounts' }));
  });
});
