import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '#shared/schemas/users';
import { renderWithQueryClient } from '#client/testing/render';
import { FollowedArtists } from './followed-artists';

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
const adele = { id: 'a1111111-1111-4222-8333-444455556666', name: 'Adele', genres: ['pop'] };
const bjork = { id: 'a2222222-1111-4222-8333-444455556666', name: 'Björk', genres: [] };

/** The server's list: `lists` answers each GET in turn (the last again after). */
function stubArtists(...lists: unknown[]) {
  let call = 0;
  const fetchMock = vi.fn(async () => Response.json(lists[Math.min(call++, lists.length - 1)]));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('FollowedArtists', () => {
  it("lists someone's artists as links, without Unfollow", async () => {
    const fetchMock = stubArtists([adele, bjork]);
    renderWithQueryClient(
      <FollowedArtists profile={profile} isOwn={false} renderUnfollow={() => <button>x</button>} />,
    );
    expect(screen.getByRole('heading', { name: 'Artists' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(within(list).getByRole('link', { name: 'Adele' }).getAttribute('href')).toBe(
      `/artists/${adele.id}`,
    );
    expect(within(list).queryByRole('button')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(`/api/users/${profile.id}/artists`, expect.anything());
  });

  it('says so when the person follows no artists', async () => {
    stubArtists([]);
    renderWithQueryClient(<FollowedArtists profile={profile} isOwn={false} />);
    expect(await screen.findByText('No artists yet')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace follows no artists yet.')).toBeTruthy();
  });

  it('on one’s own, an unfollowed artist leaves the list and focus goes to its heading', async () => {
    stubArtists([adele, bjork], [bjork]);
    renderWithQueryClient(
      <FollowedArtists
        profile={profile}
        isOwn
        renderUnfollow={(artist, onUnfollowed) => (
          <button type="button" onClick={onUnfollowed}>
            Unfollow {artist.name}
          </button>
        )}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Unfollow Adele' }));
    await vi.waitFor(() => expect(screen.queryByRole('link', { name: 'Adele' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Björk' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Artists' }));
  });
});
