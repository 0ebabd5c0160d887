import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteDraft, saveDraft, useDrafts, type ReviewDraft } from './drafts';

beforeEach(() => localStorage.clear());

const draft = (id: string, reviewText: string): ReviewDraft => ({
  id,
  concert: { id: 'c1', artist: 'Night Tram', venue: 'Hall', city: 'Austin', date: '2026-05-01' },
  ratings: {
    overallRating: 4.5,
    performanceRating: 5,
    soundRating: 4,
    venueRating: 4,
    valueRating: 3.5,
  },
  reviewText,
  savedAt: '2026-11-20T10:00:00.000Z',
});

function Drafts({ userId }: { userId: string }) {
  const drafts = useDrafts(userId);
  return <p>{drafts.map((d) => d.reviewText).join(' | ') || 'none'}</p>;
}

describe('review drafts', () => {
  it('keeps each person’s drafts apart, newest first, and updates who shows them', () => {
    render(
      <>
        <Drafts userId="ana" />
        <Drafts userId="bo" />
      </>,
    );
    act(() => saveDraft('ana', draft('d1', 'first')));
    act(() => saveDraft('ana', draft('d2', 'second')));
    act(() => saveDraft('bo', draft('d3', 'theirs')));
    expect(screen.getByText('second | first')).toBeTruthy();
    expect(screen.getByText('theirs')).toBeTruthy();

    // Saving a draft again moves it to the top instead of keeping two.
    act(() => saveDraft('ana', draft('d1', 'first, edited')));
    expect(screen.getByText('first, edited | second')).toBeTruthy();
    act(() => deleteDraft('ana', 'd2'));
    expect(screen.getByText('first, edited')).toBeTruthy();
  });

  it('reads nothing from storage that is not a list of drafts', () => {
    localStorage.setItem('encore:review-drafts:ana', '{"not": "a list"}');
    localStorage.setItem('encore:review-drafts:bo', '[{"id": 1}, "text"]');
    render(
      <>
        <Drafts userId="ana" />
        <Drafts userId="bo" />
      </>,
    );
    expect(screen.getAllByText('none')).toHaveLength(2);
  });
});
