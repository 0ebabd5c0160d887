import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from './relative-time';

const NOW = new Date(2026, 10, 25, 15, 0, 0);
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const renderTime = (timestamp: string) =>
  render(<RelativeTime timestamp={timestamp} fallback="Unknown date" />);

describe('RelativeTime', () => {
  it('moves on as the minutes pass, without being rendered again by its parent', () => {
    const posted = before(30_000);
    renderTime(posted);
    const time = screen.getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(posted);

    act(() => vi.advanceTimersByTime(60_000));
    expect(time.textContent).toBe('1 min ago');
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(time.textContent).toBe('3 min ago');
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(time.textContent).toBe('1 h ago');
  });

  it('tells the exact date and time when focused', async () => {
    renderTime(new Date(2026, 10, 25, 14, 41).toISOString());
    const time = screen.getByText('19 min ago');
    expect(time.tabIndex).toBe(0);
    act(() => time.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Nov 25, 2026, 2:41 PM');
  });

  it('reads an older time as its date, with no focus stop of its own', () => {
    renderTime(new Date(2026, 2, 14, 20, 5).toISOString());
    const time = screen.getByText('Mar 14, 2026');
    expect(time.hasAttribute('tabindex')).toBe(false);
  });

  it('shows the fallback for something that is not a time', () => {
    renderTime('soon');
    expect(screen.getByText('Unknown date')).toBeTruthy();
  });
});
