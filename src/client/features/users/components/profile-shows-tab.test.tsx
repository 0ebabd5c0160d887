import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '#shared/schemas/users';
import { aProfile } from '#client/testing/data';
import { renderWithQueryClient } from '#client/testing/render';
import { ProfileView } from './profile-view';

const profile = aProfile({ stats: { concertsAttended: 3, reviewsWritten: 1 } });

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
