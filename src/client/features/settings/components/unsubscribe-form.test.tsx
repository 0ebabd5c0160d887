import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithQueryClient } from '#client/testing/render';
import { UnsubscribeForm } from './unsubscribe-form';

describe('UnsubscribeForm', () => {
  it('posts the link with one button and says what stopped', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        json({ kind: 'digest', message: 'You will no longer get the daily digest.' }),
      );
    renderWithQueryClient(<UnsubscribeForm token="abc.def" />);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You will no longer get the daily digest. You can turn it on again in Settings.',
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/unsubscribe/abc.def');
    expect(init?.method).toBe('POST');
  });

  it('says why a used or forged link is refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ message: 'token was already used: this mail is off' }, 400),
    );
    renderWithQueryClient(<UnsubscribeForm token="used" />);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link was already used: this mail is off.',
    );
  });
});
