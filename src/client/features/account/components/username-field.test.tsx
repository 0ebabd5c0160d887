import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USERNAME_CHECK_DEBOUNCE_MS } from '#shared/limits';
import { usernameProblem } from '../lib/profile-form-schema';
import { useUsernameAvailability } from '../hooks/use-username-availability';
import { json } from '#client/testing/render';
import { UsernameField } from './username-field';

function Harness({ current = 'robin' }: { current?: string }) {
  const [value, setValue] = useState(current);
  const { status, message } = useUsernameAvailability(value, current);
  return (
    <UsernameField
      value={value}
      onChange={setValue}
      status={status}
      message={message}
      formatError={usernameProblem(value)}
    />
  );
}

const input = () => screen.getByLabelText('Username');
const feedback = () => document.querySelector<HTMLElement>('[data-status]')!;
const type = (value: string) => fireEvent.change(input(), { target: { value } });

/** Answers each check as `answer(username)` says. */
function serve(answer: (username: string) => Response | Promise<Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const username = decodeURIComponent(String(url).split('/').pop()!);
    return answer(username);
  });
}

async function waitOut(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('username availability', () => {
  it('asks the server only once typing has paused for 500 ms', async () => {
    const fetch = serve(() => json({ available: true, message: 'Username is available' }));
    render(<Harness />);
    type('robin_f');
    await waitOut(USERNAME_CHECK_DEBOUNCE_MS - 100);
    type('robin_fi');
    await waitOut(USERNAME_CHECK_DEBOUNCE_MS - 100);
    expect(fetch).not.toHaveBeenCalled();
    expect(feedback().dataset.status).toBe('checking');

    await waitOut(100);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/users/check-username/robin_fi');
    expect(feedback().dataset.status).toBe('available');
    expect(feedback().textContent).toContain('Username is available');
  });

  it('says taken, with the server’s words', async () => {
    serve(() => json({ available: false, message: 'Username is already taken' }));
    render(<Harness />);
    type('mayasees_shows');
    await waitOut(USERNAME_CHECK_DEBOUNCE_MS);
    expect(feedback().dataset.status).toBe('taken');
    expect(feedback().textContent).toContain('Username is already taken');
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('says the check failed when the server cannot answer', async () => {
    serve(() => json({ message: 'down' }, 500));
    render(<Harness />);
    type('someone');
    await waitOut(USERNAME_CHECK_DEBOUNCE_MS);
    expect(feedback().dataset.status).toBe('invalid');
    expect(feedback().textContent).toContain('Failed to check availability');
  });

  it('stays idle for the current username, short names and names the rule refuses', async () => {
    const fetch = serve(() => json({ available: true, message: 'ok' }));
    render(<Harness current="robin" />);
    for (const value of ['ROBIN', 'ro', 'rob in!']) {
      type(value);
      await waitOut(USERNAME_CHECK_DEBOUNCE_MS * 2);
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(feedback().dataset.status).toBe('format');
    expect(feedback().textContent).toContain(
      'Username can only contain letters, numbers, underscores, and hyphens',
    );
    type('ro');
    expect(feedback().textContent).toContain('Username must be between 3 and 30 characters');
  });
});
