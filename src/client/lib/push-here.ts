/**
 * Push notifications on this browser: its PushSubscription, kept by the server as one of the
 * person's devices (POST /api/push/subscriptions), and the id the server gave it, kept here
 * to know which of "Your devices" this one is. The browser's permission is asked for only
 * when the person switches push on; signing out ends this browser's pushes.
 */
import type { PushDevice, PushKey } from '#shared/schemas/push';
import { api, ApiError } from './api';
import { canUseServiceWorker } from './service-worker';

/** The id of this browser among one's devices. */
const THIS_DEVICE_KEY = 'encore:push-device';

/** Why push cannot be switched on here, if it cannot. */
export type PushUnavailable = 'unsupported' | 'blocked';

export function pushUnavailableHere(): PushUnavailable | undefined {
  if (!canUseServiceWorker() || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : undefined;
}

export function thisDeviceId(): string | null {
  try {
    return localStorage.getItem(THIS_DEVICE_KEY);
  } catch {
    return null;
  }
}

/** A refusal of the browser's own: the person said no, or the browser cannot subscribe. */
export class PushNotAllowed extends Error {}

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

/** Asks the browser's permission, subscribes, and has the server keep this device. */
export async function turnOnPushHere(): Promise<PushDevice> {
  if (pushUnavailableHere()) throw new PushNotAllowed('This browser cannot show notifications');
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new PushNotAllowed('Notifications are not allowed for Encore in this browser');
  }
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<PushKey>('/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const device = await api.post<PushDevice>('/push/subscriptions', subscription.toJSON());
  localStorage.setItem(THIS_DEVICE_KEY, device.id);
  return device;
}

/**
 * Ends this browser's pushes: the server forgets the device (unless `server` is false: the
 * account is gone with its devices), the browser its subscription.
 */
export async function turnOffPushHere({ server = true }: { server?: boolean } = {}): Promise<void> {
  const id = thisDeviceId();
  if (id && server) {
    await api.delete(`/push/subscriptions/${encodeURIComponent(id)}`).catch((error: unknown) => {
      // Already removed (from "Your devices", or by a push service that let it go).
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  }
  if (canUseServiceWorker()) {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  }
  try {
    localStorage.removeItem(THIS_DEVICE_KEY);
  } catch {
    // Storage that is blocked holds nothing to forget.
  }
}
