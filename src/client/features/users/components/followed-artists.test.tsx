import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProfile } from '#client/testing/data';
import { renderWithQueryClient } from '#client/testing/render';
import { FollowedArtists } from './followed-artists';

const profile = aProfile();
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
