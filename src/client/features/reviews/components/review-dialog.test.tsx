import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aReview } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import type { DraftConcert } from '../lib/drafts';
import { ReviewDialog } from './review-dialog';

const concert: DraftConcert = {
  id: '3f1d2a4e-8c6b-4f0a-9d2e-5b7c1a9e0f11',
  artist: 'Radiohead',
  venue: 'The Forum',
  city: 'Los Angeles',
  date: '2025-12-01',
};

/** Answers the setlist (none) and the review's POST, which it returns as posted. */
function serve() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      return json(aReview('posted', { ...body, concertId: concert.id }), 201);
    }
    return json({ setlist: null });
  });
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithQueryClient(
    <ReviewDialog userId="viewer" request={{ mode: 'create', concert }} onClose={onClose} />,
  );
  return { onClose };
}

const text = () => screen.getByLabelText('Your review') as HTMLTextAreaElement;
const post = () => screen.getByRole('button', { name: 'Post Review' });

describe('ReviewDialog', () => {
  it('opens on the chosen concert with five ratings and an empty text', () => {
    serve();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Write a Concert Review' })).toBeTruthy();
    expect(screen.getByText(/Radiohead/)).toBeTruthy();
    for (const name of [
      'Overall rating',
      'Performance rating',
      'Sound quality rating',
      'Venue rating',
      'Value for money rating',
    ]) {
      expect(screen.getByRole('slider', { name })).toBeTruthy();
    }
    expect(text().value).toBe('');
    expect(screen.getByText('0/2000 characters')).toBeTruthy();
  });

  it('says how much to write and sends nothing while the text is too short', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderDialog();
    await user.type(text(), 'Loud.');
    expect(screen.queryByText('Write at least 10 characters.')).toBeNull();
    await user.click(post());
    expect(await screen.findByText('Write at least 10 characters.')).toBeTruthy();
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The message goes as soon as the text is long enough.
    await user.type(text(), ' Very loud.');
    expect(screen.queryByText('Write at least 10 characters.')).toBeNull();
  });

  it('posts the ratings and the trimmed text for the concert, then closes', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    screen.getByRole('slider', { name: 'Sound quality rating' }).focus();
    await user.keyboard('{ArrowLeft}');
    await user.type(text(), '  The best night of the year.  ');
    await user.click(post());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(url).toBe('/api/reviews');
    expect(JSON.parse(String(init!.body))).toEqual({
      concertId: concert.id,
      overallRating: 5,
      performanceRating: 5,
      soundRating: 4.5,
      venueRating: 5,
      valueRating: 5,
      reviewText: 'The best night of the year.',
      photos: [],
      highlights: [],
    });
    expect(screen.getByText('Review created successfully!')).toBeTruthy();
  });
});
