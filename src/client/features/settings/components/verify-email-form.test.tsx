import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithQueryClient } from '#client/testing/render';
import { VerifyEmailForm } from './verify-email-form';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('VerifyEmailForm', () => {
  it('verifies only when its button is pressed, then opens Settings saying so', async () => {
    window.history.replaceState(null, '', '/verify-email/abc.def');
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 204 }));
    renderWithQueryClient(<VerifyEmailForm token="abc.def" />);
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Verify my e-mail' }));
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe(
        '/settings?email=verified',
      ),
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/account/verify-email');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc.def' });
  });

  it('says why an expired or used link is refused, and where to get a new one', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ message: 'token has expired: ask for a new verification link in Settings' }, 400),
    );
    renderWithQueryClient(<VerifyEmailForm token="old" />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify my e-mail' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'This link has expired: ask for a new verification link in Settings.',
    );
    const settings = screen.getByRole('link', { name: 'Ask for a new link in Settings' });
    expect(settings.getAttribute('href')).toBe('/settings');
  });
});
