import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferredFetch, json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { LikeButton } from './like-button';

const REVIEW_ID = 'f0e1d2c3-aaaa-4bbb-8ccc-ddddeeeeffff';

const button = () => screen.getByRole('button', { name: /like review/i }) as HTMLButtonElement;

describe('LikeButton', () => {
  it('fills the heart and counts the like at once, then shows the server’s count', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderWithQueryClient(<LikeButton reviewId={REVIEW_ID} likes={{ isLiked: false, count: 2 }} />);
    expect(button().getAttribute('aria-label')).toBe('Like review (2 likes)');

    await userEvent.click(button());
    expect(button().getAttribute('aria-label')).toBe('Unlike review (3 likes)');
    // The name says the state: no pressed state on top of it.
    expect(button().hasAttribute('aria-pressed')).toBe(false);
    // Busy, not disabled: it keeps focus, and a second press is ignored.
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().disabled).toBe(false);
    expect(document.activeElement).toBe(button());
    await userEvent.click(button());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/reviews/${REVIEW_ID}/like`,
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );

    await answer(json({ isLiked: true, count: 5 }));
    await vi.waitFor(() => expect(button().hasAttribute('aria-busy')).toBe(false));
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-label')).toBe('Unlike review (5 likes)');
  });

  it('takes back an unlike the server refuses, with the spec toast', async () => {
    const { fetchMock, answer } = deferredFetch();
    renderWithQueryClient(<LikeButton reviewId={REVIEW_ID} likes={{ isLiked: true, count: 1 }} />);
    await userEvent.click(button());
    expect(button().getAttribute('aria-label')).toBe('Like review (0 likes)');
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/\/like$/),
      expect.objectContaining({ method: 'DELETE' }),
    );

    await answer(json({ message: 'boom' }, 500));
    await vi.waitFor(() =>
      expect(button().getAttribute('aria-label')).toBe('Unlike review (1 like)'),
    );
    expect(shownToasts()).toContain('Error Failed to update like. Please try again.');
  });

  it('asks the person to log in when the server answers 401', async () => {
    const { answer } = deferredFetch();
    renderWithQueryClient(<LikeButton reviewId={REVIEW_ID} likes={{ isLiked: false, count: 0 }} />);
    await userEvent.click(button());
    await answer(json({ message: 'Unauthorized' }, 401));
    await vi.waitFor(() =>
      expect(button().getAttribute('aria-label')).toBe('Like review (0 likes)'),
    );
    expect(shownToasts()).toContain('Please log in You need to be logged in to like reviews.');
  });
});
