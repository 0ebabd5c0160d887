import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithQueryClient } from '#client/testing/render';
import { EmailVerificationCard } from './email-verification-card';

const EMAIL = 'ada@example.com';

/** GET answers the state; POST answers as `onResend` says. */
function serveVerification(
  verifiedAt: string | null,
  onResend = () => json({ email: EMAIL, verifiedAt }),
) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? onResend() : json({ email: EMAIL, verifiedAt }),
    );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('EmailVerificationCard', () => {
  it('asks to verify an unverified address, and Resend sends a new link', async () => {
    const fetch = serveVerification(null, () => json({ email: EMAIL, verifiedAt: null }, 202));
    renderWithQueryClient(<EmailVerificationCard />);
    expect(await screen.findByText('Verify your e-mail')).toBeTruthy();
    expect(
      screen.getByText(`Open the link we sent to ${EMAIL}. No mail? Ask for a new link.`),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(`Open the link we sent to ${EMAIL} to verify it.`)).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/users/me/email-verification');
  });

  it('says why Resend was refused', async () => {
    serveVerification(null, () =>
      json({ message: 'Too many verification e-mails; try again in 42 minutes' }, 429),
    );
    renderWithQueryClient(<EmailVerificationCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText(/Too many verification e-mails; try again in 42 minutes/),
    ).toBeTruthy();
  });

  it('says the address is verified, and just verified when the link led here', async () => {
    window.history.replaceState(null, '', '/settings?email=verified');
    serveVerification('2026-11-28T08:00:00.000Z');
    renderWithQueryClient(<EmailVerificationCard />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(`Your e-mail is verified: ${EMAIL}`);
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });
});
