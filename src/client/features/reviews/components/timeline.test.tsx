import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { aReview } from '#client/testing/data';
import { renderWithQueryClient } from '#client/testing/render';
import { ReviewDialogProvider } from '../hooks/review-dialog';
import { forgetArrivedReviews, noteArrivedReview } from '../lib/arrived-reviews';
import { Timeline } from './timeline';

function review(id: string, artist: string, text: string, author: string): Review {
  const [firstName, lastName] = author.split(' ');
  return aReview(id, {
    reviewText: text,
    user: {
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      username: firstName?.toLowerCase() ?? null,
    },
    concert: { artist, city: 'Austin' },
  });
}

const FOLLOWING = [
  review('1', 'Radiohead', 'The light show was unreal.', 'Ada Lovelace'),
  review('2', 'Björk', 'Strange and wonderful all night.', 'Grace Hopper'),
];

function renderTimeline(answer: (url: string) => Review[]) {
  const fetchMock = vi.fn(async (url: string) => Response.json(answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithQueryClient(<Timeline viewerId="viewer" />, {
    providers: ({ children }) => (
      <ReviewDialogProvider userId="viewer">{children}</ReviewDialogProvider>
    ),
  });
  return fetchMock;
}

const shownReviews = () =>
  screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));

afterEach(() => forgetArrivedReviews());

describe('Timeline', () => {
  it('keeps reviews that arrive aside behind "{n} new reviews", and shows them on a click', async () => {
    const arrivedFirst = review(
      '3',
      'Portishead',
      'Goosebumps from the first note.',
      'Alan Turing',
    );
    const arrivedNext = review(
      '4',
      'Massive Attack',
      'The bass shook the floor.',
      'Edsger Dijkstra',
    );
    let feed = FOLLOWING;
    const fetchMock = renderTimeline(() => feed);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /new review/ })).toBeNull();

    // Told twice of one review, and of one already shown: one waits.
    feed = [arrivedFirst, ...FOLLOWING];
    act(() => {
      noteArrivedReview('3');
      noteArrivedReview('3');
      noteArrivedReview('1');
    });
    expect(screen.getByRole('button', { name: '1 new review' })).toBeTruthy();
    act(() => noteArrivedReview('4'));
    feed = [arrivedNext, arrivedFirst, ...FOLLOWING];
    const asksBefore = fetchMock.mock.calls.length;
    // Nothing moved while they waited.
    expect(shownReviews()).toEqual(['Review by Ada Lovelace', 'Review by Grace Hopper']);

    await userEvent.click(screen.getByRole('button', { name: '2 new reviews' }));
    await vi.waitFor(() =>
      expect(shownReviews()).toEqual([
        'Review by Edsger Dijkstra',
        'Review by Alan Turing',
        'Review by Ada Lovelace',
        'Review by Grace Hopper',
      ]),
    );
    expect(fetchMock.mock.calls.length).toBeGreaterThan(asksBefore);
    expect(screen.queryByRole('button', { name: /new review/ })).toBeNull();
  });

  it('asks for the following feed and narrows it as the person types', async () => {
    const fetchMock = renderTimeline(() => FOLLOWING);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/reviews?feed=following&limit=20',
      expect.anything(),
    );

    const search = screen.getByPlaceholderText('Search reviews, artists, or users...');
    await userEvent.type(search, 'bjork');
    expect(shownReviews()).toEqual(['Review by Grace Hopper']);
    expect(screen.getByText('1 of 2 loaded reviews match')).toBeTruthy();

    await userEvent.clear(search);
    await userEvent.type(search, 'ada');
    expect(shownReviews()).toEqual(['Review by Ada Lovelace']);
  });

  it('says No reviews found when nothing matches, and Clear Search brings them back', async () => {
    renderTimeline(() => FOLLOWING);
    await screen.findAllByRole('article');
    await userEvent.type(
      screen.getByPlaceholderText('Search reviews, artists, or users...'),
      'nothing like this',
    );
    expect(screen.getByRole('heading', { name: 'No reviews found' })).toBeTruthy();
    expect(shownReviews()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(shownReviews()).toHaveLength(2);
    expect(
      (screen.getByPlaceholderText('Search reviews, artists, or users...') as HTMLInputElement)
        .value,
    ).toBe('');
  });

  it('invites the person to discover users when nobody they follow has written', async () => {
    renderTimeline(() => []);
    // An empty Following opens on Trending; the invitation waits under Following.
    await vi.waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Trending' }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Following' }));
    const link = await screen.findByRole('link', { name: 'Discover Users' });
    expect(link.getAttribute('href')).toBe('/search-users');
  });

  it('opens on Trending, from the rating sort, while Following is empty', async () => {
    const fetchMock = renderTimeline((url) =>
      url.includes('sort=rating')
        ? [review('9', 'Adele', 'Goosebumps throughout.', 'Alan Turing')]
        : [],
    );
    expect(await screen.findByRole('article', { name: 'Review by Alan Turing' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Trending' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/reviews?sort=rating&limit=20', expect.anything());
  });

  it('opens on Following when it has reviews', async () => {
    renderTimeline((url) => (url.includes('sort=rating') ? [] : FOLLOWING));
    await screen.findAllByRole('article');
    expect(screen.getByRole('tab', { name: 'Following' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
