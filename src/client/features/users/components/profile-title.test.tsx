import { screen } from '@testing-library/react';
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
    concertsAttended: 0,
    reviewsWritten: 0,
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

describe('ProfileView title', () => {
  it.each([
    [false, "Ada Lovelace's profile"],
    [true, 'My Profile'],
  ])('names the page (own: %s) %s', async (isOwn, title) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(
          url === `/api/users/${profile.id}`
            ? profile
            : url.includes('mute')
              ? { muted: false }
              : [],
        ),
      ),
    );
    renderWithQueryClient(
      <ProfileView
        profileRef={{ by: 'id', value: profile.id }}
        isOwn={isOwn}
        renderConcerts={() => null}
        renderRecentReviews={() => null}
        renderReviews={() => null}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });
});
