import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aReview } from '#client/testing/data';
import { renderWithQueryClient } from '#client/testing/render';
import { ReviewDialogProvider } from '../hooks/review-dialog';
import { ConcertReviews } from './concert-reviews';
import { ReviewCard } from './review-card';

const withDialog = ({ children }: { children: React.ReactNode }) => (
  <ReviewDialogProvider userId="user-1">{children}</ReviewDialogProvider>
);

const concertOn = (date: string) => ({
  id: 'concert-1',
  artist: 'Radiohead',
  venue: 'The Forum',
  city: 'Los Angeles',
  date,
});

afterEach(() => vi.unstubAllGlobals());

describe('ConcertReviews with no reviews', () => {
  it('asks “Been to this show?” of a past concert, with the first review to write', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    renderWithQueryClient(<ConcertReviews concert={concertOn('2020-05-01')} viewerId="viewer" />, {
      providers: withDialog,
    });
    expect(await screen.findByText('Been to this show? Tell other fans how it was.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Write the first review' })).toBeTruthy();
  });

  it('does not ask it of a concert still to come', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    renderWithQueryClient(<ConcertReviews concert={concertOn('2099-05-01')} viewerId="viewer" />, {
      providers: withDialog,
    });
    expect(await screen.findByText('Reviews of this show open once it has happened.')).toBeTruthy();
    expect(screen.queryByText(/Been to this show\?/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Write the first review' })).toBeNull();
  });
});

describe('ReviewCard', () => {
  const highlights = ['Paranoid Android', 'Karma Police'];

  it.each([
    ['one’s own review', 'user-1'],
    ['someone else’s review', 'someone-else'],
  ])('shows the songs marked as highlights on %s', (_, viewerId) => {
    renderWithQueryClient(
      <ReviewCard review={aReview('1', { highlights })} viewerId={viewerId} />,
      { providers: withDialog },
    );
    const list = screen.getByRole('list', { name: 'Highlights' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(highlights.map((song) => `★${song}`));
  });

  it('shows no Highlights without any', () => {
    renderWithQueryClient(<ReviewCard review={aReview('1')} viewerId="user-1" />, {
      providers: withDialog,
    });
    expect(screen.queryByRole('list', { name: 'Highlights' })).toBeNull();
  });

  it('never cuts the reviewer’s name short: it wraps, and the stars go under it when narrow', () => {
    const review = aReview('1', {
      user: { firstName: 'Bartholomew', lastName: 'Featherstonehaugh' },
    });
    renderWithQueryClient(<ReviewCard review={review} viewerId="user-1" />, {
      providers: withDialog,
    });
    const name = screen.getByRole('link', { name: 'Bartholomew Featherstonehaugh' });
    // No ellipsis anywhere above the name.
    for (let node: HTMLElement | null = name; node; node = node.parentElement) {
      expect(node.className).not.toMatch(/\btruncate\b/);
    }
    // The name's column keeps 8rem and shares a wrapping line with the overall stars.
    const column = name.closest('.basis-32')!;
    expect(column).toBeTruthy();
    expect(column.parentElement!.className).toContain('flex-wrap');
    expect(within(column.parentElement!).getByText('4.0')).toBeTruthy();
  });
});
