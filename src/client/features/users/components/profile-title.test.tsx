import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProfile } from '#client/testing/data';
import { renderWithQueryClient } from '#client/testing/render';
import { ProfileView } from './profile-view';

const profile = aProfile();

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
