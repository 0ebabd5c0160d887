import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '#shared/schemas/push';
import { json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { PushDevicesCard } from './push-devices-card';

const PHONE: PushDevice = {
  id: '5b0f4a52-7a3e-4c1d-9a55-0d3c2a1b0e01',
  deviceLabel: 'Firefox on Android',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const UNKNOWN: PushDevice = {
  id: '5b0f4a52-7a3e-4c1d-9a55-0d3c2a1b0e02',
  deviceLabel: null,
  createdAt: '2026-11-02T10:00:00.000Z',
};

/** The devices' server: GET lists what it holds; DELETE answers `onDelete`'s status. */
function serveDevices(devices: PushDevice[], onDelete = () => 204) {
  let held = [...devices];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (init?.method === 'DELETE') {
      const status = onDelete();
      if (status >= 400) return json({ message: 'Device not found' }, status);
      held = held.filter((device) => !String(url).endsWith(device.id));
      return new Response(null, { status });
    }
    return json(held);
  });
}

const deletes = (fetch: ReturnType<typeof serveDevices>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url));

describe('PushDevicesCard', () => {
  it('lists each device by its browser, with when it was added', async () => {
    serveDevices([PHONE, UNKNOWN]);
    renderWithQueryClient(<PushDevicesCard />);
    const list = await screen.findByRole('list', { name: 'Your devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Firefox on AndroidAdded Nov 20, 2026Remove',
      'A browserAdded Nov 2, 2026Remove',
    ]);
  });

  it('removes a device at once, and asks the server to', async () => {
    const fetch = serveDevices([PHONE, UNKNOWN]);
    renderWithQueryClient(<PushDevicesCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Firefox on Android' }));
    expect(screen.queryByRole('button', { name: 'Remove Firefox on Android' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Remove A browser' })).toBeTruthy();
    expect(deletes(fetch)).toEqual([`/api/push/subscriptions/${PHONE.id}`]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your devices' }));
    expect(shownToasts()).toContain('Device removed');
  });

  it('brings a device back when the server refuses, and says why', async () => {
    serveDevices([PHONE], () => 404);
    renderWithQueryClient(<PushDevicesCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Firefox on Android' }));
    expect(await screen.findByRole('button', { name: 'Remove Firefox on Android' })).toBeTruthy();
    expect(shownToasts()).toContain('Device not found');
  });

  it('says when no device gets push notifications', async () => {
    serveDevices([]);
    renderWithQueryClient(<PushDevicesCard />);
    expect(await screen.findByText('No device gets push notifications yet.')).toBeTruthy();
  });
});
