import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { aPhoto, aReview } from '#client/testing/data';
import { renderWithQueryClient } from '#client/testing/render';
import { ReviewDialogProvider } from '../hooks/review-dialog';
import { PROCESSING_REFETCH_MS } from '../lib/media-processing';
import { ConcertReviews } from './concert-reviews';
import { ReviewMediaStrip } from './review-media-strip';

const PROCESSING = { processing: true, width: null, height: null };

describe('ReviewMediaStrip', () => {
  it('shows a busy “Processing…” tile for media still processing, with nothing to open', () => {
    renderWithQueryClient(
      <ReviewMediaStrip
        media={[aPhoto(1, { ...PROCESSING, altText: 'The stage' }), aPhoto(2)]}
        author="Ana"
      />,
    );
    const tile = screen.getByRole('img', { name: 'Photo 1 of 2: processing…' });
    expect(tile.getAttribute('aria-busy')).toBe('true');
    expect(within(tile).getByText('Processing…')).toBeTruthy();
    // Nothing of it is requested yet: the server serves it once it is ready.
    expect(document.querySelector(`img[src="${aPhoto(1).thumbnailUrl}"]`)).toBeNull();
    expect(screen.queryByRole('button', { name: /photo 1 of 2/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open photo 2 of 2' })).toBeTruthy();
  });

  it('says so when a photo or video could not be processed', () => {
    renderWithQueryClient(
      <ReviewMediaStrip
        media={[aPhoto(1, { failed: true }), aPhoto(2, { kind: 'video', failed: true })]}
        author="Ana"
      />,
    );
    const tile = screen.getByRole('img', {
      name: 'Photo 1 of 2: this photo could not be processed',
    });
    expect(tile.getAttribute('aria-busy')).toBeNull();
    expect(within(tile).getByText('This photo could not be processed')).toBeTruthy();
    expect(screen.getByText('This video could not be processed')).toBeTruthy();
  });

  it('opens the lightbox from a ready photo; a processing one there is a placeholder too', async () => {
    const user = userEvent.setup();
    renderWithQueryClient(
      <ReviewMediaStrip
        media={[aPhoto(1), aPhoto(2, { ...PROCESSING, altText: 'The drummer' })]}
        author="Ana"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Open photo 1 of 2' }));
    const lightbox = await screen.findByRole('dialog', { name: /Photos and videos by Ana/ });
    await user.keyboard('{ArrowRight}');
    const placeholder = within(lightbox).getByRole('img', { name: 'The drummer: processing…' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
  });
});

describe('reviews showing media still processing', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('are asked for again every couple of seconds until the photo is ready, then no more', async () => {
    const answers: Review[][] = [
      [aReview('1', { media: [aPhoto(1, PROCESSING)], photos: [aPhoto(1).url] })],
      [aReview('1', { media: [aPhoto(1)], photos: [aPhoto(1).url] })],
    ];
    const fetchMock = vi.fn(async () => Response.json(answers.shift() ?? answers.at(-1)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithQueryClient(
      <ConcertReviews
        concert={{
          id: 'concert-1',
          artist: 'Radiohead',
          venue: 'The Forum',
          city: 'Los Angeles',
          date: '2025-12-01',
        }}
        viewerId={undefined}
      />,
      {
        providers: ({ children }) => (
          <ReviewDialogProvider userId="viewer">{children}</ReviewDialogProvider>
        ),
      },
    );
    expect(await screen.findByText('Processing…')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_REFETCH_MS));
    expect(await screen.findByRole('button', { name: 'Open photo 1 of 1' })).toBeTruthy();
    expect(screen.queryByText('Processing…')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_REFETCH_MS * 5));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
