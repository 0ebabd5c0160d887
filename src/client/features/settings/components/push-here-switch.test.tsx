/**
 * "Push notifications" on this device, against the browser's push API as a browser offers it
 * (a service worker registration with its PushManager, and Notification's permission) and
 * the push routes of the server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '#shared/schemas/push';
import { json, renderWithQueryClient } from '#client/testing/render';
import { PushHereSwitch } from './push-here-switch';

const PUBLIC_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://push.example.net/send/this-browser',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser that can push: its permission as given, and one PushManager. */
function browserWithPush(permission: NotificationPermission, answer: NotificationPermission) {
  let subscribed = false;
  const unsubscribe = vi.fn(async () => {
    subscribed = false;
    return true;
  });
  const subscription = { toJSON: () => SUBSCRIPTION, unsubscribe };
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      subscribed = true;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, requestPermission, unsubscribe };
}

/** The push routes: the key, and the devices this server holds. */
function servePush() {
  let devices: PushDevice[] = [];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const path = String(url);
    if (path === '/api/push/key') return json({ publicKey: PUBLIC_KEY });
    if (path === '/api/users/me/settings') return json({});
    if (path === '/api/push/subscriptions' && init?.method === 'POST') {
      const device = {
        id: '5b0f4a52-7a3e-4c1d-9a55-0d3c2a1b0e07',
        deviceLabel: 'Chrome on Linux',
        createdAt: '2026-11-29T10:00:00.000Z',
      };
      devices = [device];
      return json(device, 201);
    }
    if (init?.method === 'DELETE') {
      devices = devices.filter((device) => !path.endsWith(device.id));
      return new Response(null, { status: 204 });
    }
    return json(devices);
  });
}

const sent = (fetch: ReturnType<typeof servePush>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => [String(url), init?.body ? JSON.parse(String(init.body)) : undefined]);

const pushSwitch = () => screen.findByRole('switch', { name: 'Push notifications' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushHereSwitch', () => {
  it('asks the browser only when switched on, then subscribes this device; off removes it', async () => {
    const browser = browserWithPush('default', 'granted');
    const fetch = servePush();
    renderWithQueryClient(<PushHereSwitch />);
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const key = browser.pushManager.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array;
    // The key's 65 bytes: an uncompressed P-256 point.
    expect([key.length, key[0]]).toEqual([65, 4]);
    expect(sent(fetch, 'POST')).toEqual([['/api/push/subscriptions', SUBSCRIPTION]]);
    expect(sent(fetch, 'PUT')).toEqual([['/api/users/me/settings', { pushNotifications: true }]]);

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(sent(fetch, 'DELETE')).toEqual([
      ['/api/push/subscriptions/5b0f4a52-7a3e-4c1d-9a55-0d3c2a1b0e07', undefined],
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('stays off and subscribes nothing when the person says no', async () => {
    const browser = browserWithPush('default', 'denied');
    const fetch = servePush();
    renderWithQueryClient(<PushHereSwitch />);
    const toggle = await pushSwitch();
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(sent(fetch, 'POST')).toEqual([]);
  });

  it('says so, switched off, where notifications are blocked or cannot be shown', async () => {
    browserWithPush('denied', 'denied');
    servePush();
    const { unmount } = renderWithQueryClient(<PushHereSwitch />);
    expect((await pushSwitch()).hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Notifications are blocked for Encore in this browser’s settings.'),
    ).toBeTruthy();
    unmount();

    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    renderWithQueryClient(<PushHereSwitch />);
    expect((await pushSwitch()).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This browser cannot show notifications.')).toBeTruthy();
  });
});
