import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '#shared/schemas/users';
import { renderWithQueryClient } from '#client/testing/render';
import { ProfileView } from './profile-view';

const profile: UserProfile = {
  id: 'b5d3c0a4-1111-4222-8333-444455556666',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  bio: null,
  location: null,
  isVerified: false,
  isPrivate: false,
  favoriteGenres: [],
  showsConcertHistory: true,
  canSeeContent: true,
  followRequested: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  stats: {
    concertsAttended: 3,
    reviewsWritten: 1,
    followers: 0,
    following: 0,
    averageRating: null,
    likesReceived: 0,
    commentsReceived: 0,
  },
  isFollowing: false,
  isBlocked: false,
};

afterEach(() => vi.unstubAllGlobals());

function renderProfile(shown: UserProfile, isOwn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      Response.json(
        url === `/api/users/${shown.id}` ? shown : url.includes('mute') ? { muted: false } : [],
      ),
    ),
  );
  renderWithQueryClient(
    <ProfileView
      profileRef={{ by: 'id', value: shown.id }}
      isOwn={isOwn}
      renderConcerts={() => null}
      renderRecentReviews={() => null}
      renderReviews={() => null}
      renderShows={(person) => <p>The diary of {person.username}</p>}
    />,
  );
}

describe("a profile's Shows tab", () => {
  it('shows someone else’s diary', async () => {
    renderProfile(profile, false);
    await userEvent.click(await screen.findByRole('tab', { name: 'Shows' }));
    expect(screen.getByText('The diary of ada')).toBeTruthy();
  });

  it('says the history is private when they keep it so', async () => {
    renderProfile({ ...profile, showsConcertHistory: false }, false);
    await userEvent.click(await screen.findByRole('tab', { name: 'Shows' }));
    expect(screen.getByRole('heading', { name: 'Concert history is private' })).toBeTruthy();
    expect(screen.queryByText('The diary of ada')).toBeNull();
  });

  it('is not on one’s own profile (one’s diary is /diary)', async () => {
    renderProfile(profile, true);
    await screen.findByRole('tab', { name: 'History' });
    expect(screen.queryByRole('tab', { name: 'Shows' })).toBeNull();
  });
});
