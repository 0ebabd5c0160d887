import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { useConcert } from '../api/get-concert';
import { AttendanceToggle } from './attendance-toggle';

const UPCOMING = '2099-06-01';
const PAST = '2020-06-01';

function aConcert(overrides: Partial<ConcertDetail> = {}): ConcertDetail {
  return {
    id: 'c1',
    artist: 'Radiohead',
    venue: 'The Forum',
    date: UPCOMING,
    time: null,
    city: 'Los Angeles',
    price: null,
    reviewCount: 0,
    averageRatings: null,
    isWishlisted: false,
    viewerReviewId: null,
    viewerAttendance: null,
    ...overrides,
  };
}

/** The toggle as the concert page shows it: of the concert it has read. */
function Harness() {
  const { data: concert } = useConcert('c1');
  return concert ? <AttendanceToggle concert={concert} /> : null;
}

/**
 * A server holding `concert`: its reads answer at once; a mark or unmark waits for the
 * test's `answer`, and changes the concert only when that answer is OK.
 */
function serveConcert(concert: ConcertDetail) {
  let answer!: (response: Response) => void;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'GET') return json(concert);
    const response = await new Promise<Response>((resolve) => {
      answer = resolve;
    });
    if (response.ok) {
      const body = init?.body ? (JSON.parse(String(init.body)) as { status: 'going' }) : null;
      concert = { ...concert, viewerAttendance: body?.status ?? null };
    }
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (response: Response) => act(async () => answer(response)) };
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('AttendanceToggle', () => {
  it('marks an upcoming concert "Going" at once and keeps it once the server has it', async () => {
    const { fetchMock, answer } = serveConcert(aConcert());
    renderWithQueryClient(<Harness />);
    await vi.waitFor(() => expect(pressed('Going')).toBe('false'));
    expect(screen.queryByRole('button', { name: 'I was there' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Going' }));
    expect(pressed('Going')).toBe('true');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/concerts/c1/attendance',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ status: 'going' }) }),
    );

    await answer(json({ concertId: 'c1', status: 'going', createdAt: '', updatedAt: '' }, 201));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'GET')).toHaveLength(2),
    );
    expect(pressed('Going')).toBe('true');
  });

  it('unmarks "I was there" at once and marks it again when the server refuses', async () => {
    const { fetchMock, answer } = serveConcert(
      aConcert({ date: PAST, viewerAttendance: 'attended' }),
    );
    renderWithQueryClient(<Harness />);
    await vi.waitFor(() => expect(pressed('I was there')).toBe('true'));

    await userEvent.click(screen.getByRole('button', { name: 'I was there' }));
    expect(pressed('I was there')).toBe('false');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/concerts/c1/attendance',
      expect.objectContaining({ method: 'DELETE' }),
    );

    await answer(json({ message: 'Something broke' }, 500));
    await vi.waitFor(() => expect(pressed('I was there')).toBe('true'));
    expect(shownToasts()).toContain('Error Something broke');
  });

  it('keeps a reviewed show pressed, says why, and sends nothing when pressed', async () => {
    const { fetchMock } = serveConcert(
      aConcert({ date: PAST, viewerAttendance: 'attended', viewerReviewId: 'r1' }),
    );
    renderWithQueryClient(<Harness />);
    await vi.waitFor(() => expect(pressed('I was there')).toBe('true'));
    const button = screen.getByRole('button', { name: 'I was there' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('You reviewed this show');

    await userEvent.click(button);
    expect(pressed('I was there')).toBe('true');
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'GET')).toBe(true);
    expect(shownToasts()).toContain('You reviewed this show');
  });
});
