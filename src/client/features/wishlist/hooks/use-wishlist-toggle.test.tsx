import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { useMyWishlist } from '../api/get-my-wishlist';
import { useWishlistToggle } from './use-wishlist-toggle';

const RADIOHEAD: ConcertListItem = {
  id: 'c1',
  artist: 'Radiohead',
  venue: 'The Forum',
  date: '2026-06-01',
  time: null,
  city: 'Los Angeles',
  price: null,
  genre: 'rock',
};

/** The heart of concert c1 next to the saved concerts, as the wishlist page shows them. */
function Harness() {
  const heart = useWishlistToggle(RADIOHEAD.id);
  const { data: saved } = useMyWishlist();
  return (
    <>
      <button aria-pressed={heart.isWishlisted} disabled={heart.isPending} onClick={heart.toggle}>
        Save
      </button>
      <ul aria-label="Saved concerts">
        {saved?.map((concert) => (
          <li key={concert.id}>{concert.artist}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * A server holding `saved`: its GETs answer at once (or never, once `holdReads` is called);
 * a save or unsave waits for the test's `answer`, and changes what it holds only when that
 * answer is OK.
 */
function serveWishlist(saved: ConcertListItem[]) {
  let answer!: (response: Response) => void;
  let readsHeld = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'GET') {
      if (readsHeld) return new Promise<Response>(() => {});
      if (url === '/api/wishlist') {
        return json(saved.map((c) => ({ id: `w-${c.id}`, userId: 'u1', concertId: c.id })));
      }
      return json(saved);
    }
    const response = await new Promise<Response>((resolve) => {
      answer = resolve;
    });
    if (response.ok) {
      saved = init?.method === 'POST' ? [...saved, RADIOHEAD] : saved.filter((c) => c.id !== 'c1');
    }
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: (response: Response) => act(async () => answer(response)),
    holdReads: () => {
      readsHeld = true;
    },
  };
}

const heart = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const savedArtists = () =>
  within(screen.getByRole('list', { name: 'Saved concerts' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('useWishlistToggle', () => {
  it('fills the heart at once, sends the save, and keeps it once the server has it', async () => {
    const { fetchMock, answer } = serveWishlist([]);
    renderWithQueryClient(<Harness />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    await userEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(heart().disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/wishlist',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ concertId: 'c1' }) }),
    );

    await answer(json({}, 201));
    await vi.waitFor(() => expect(savedArtists()).toContain('Radiohead'));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(shownToasts()).toContain('Added to wishlist');
  });

  it('empties the heart and drops the concert at once, and brings both back when refused', async () => {
    const { fetchMock, answer, holdReads } = serveWishlist([RADIOHEAD]);
    renderWithQueryClient(<Harness />);
    await vi.waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    await vi.waitFor(() => expect(savedArtists()).toEqual(['Radiohead']));

    await userEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(savedArtists()).not.toContain('Radiohead');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/wishlist/c1',
      expect.objectContaining({ method: 'DELETE' }),
    );

    // What comes back now comes from the rollback alone: the lists asked again never answer.
    holdReads();
    await answer(json({ message: 'boom' }, 500));
    await vi.waitFor(() => expect(heart().getAttribute('aria-pressed')).toBe('true'));
    expect(savedArtists()).toContain('Radiohead');
    expect(shownToasts()).toContain('Error Failed to remove from wishlist');
  });
});
