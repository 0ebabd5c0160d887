/**
 * Web push devices: a browser's PushSubscription kept for the signed-in person, at most
 * PUSH_DEVICES_PER_USER of them. An endpoint is an address the server will call, so it
 * must be https on public addresses (PUSH_ENDPOINT_ALLOWLIST names extra origins, for
 * tests); it is checked here and again when each push is sent (send.ts), as a name's
 * addresses may change.
 */
import type { PushDevice, PushKey, PushSubscriptionBody } from '#shared/schemas/push';
import { badRequest, conflict, notFound } from '#server/http-error.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import { resolvesToPublic } from '#server/lib/public-address.ts';
import { deleteDevice, selectDevices, upsertDevice } from './queries.ts';
import type { PushSettings } from './settings.ts';
import { vapidKeys } from './vapid.ts';

const DEVICE_NOT_FOUND = 'Device not found';
const DEVICE_LABEL_MAX = 100;

/** GET /api/push/key: the public key browsers subscribe with (applicationServerKey). */
export async function getPushKey(ctx: ServiceContext, settings: PushSettings): Promise<PushKey> {
  return { publicKey: (await vapidKeys(ctx.db, settings)).publicKey };
}

/**
 * Why an endpoint may not be called, or undefined when it may: an allowlisted origin, or
 * https on a host whose every address is public.
 */
export async function endpointRefusal(
  endpoint: string,
  allowlist: readonly string[],
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (allowlist.includes(url.origin)) return undefined;
  if (url.protocol !== 'https:') return 'endpoint must be an https URL';
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  if (!(await resolvesToPublic(url.hostname))) {
    return 'endpoint must be on a public address';
  }
  return undefined;
}

/** The browser and system a User-Agent names, e.g. "Firefox on Android"; null if unknown. */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(?:Chrome|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : undefined;
  const label = [browser, system].filter(Boolean).join(' on ');
  return label ? label.slice(0, DEVICE_LABEL_MAX) : null;
}

function toDevice(row: {
  id: string;
  deviceLabel: string | null;
  createdAt: string | Date;
}): PushDevice {
  return {
    id: row.id,
    deviceLabel: row.deviceLabel,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * POST /api/push/subscriptions: keeps this browser's subscription for the person. `created`
 * is false when the endpoint was known (the same row, moved to this person if another
 * account had it on this browser).
 */
export async function subscribe(
  ctx: SignedInContext,
  settings: PushSettings,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
): Promise<{ created: boolean; device: PushDevice }> {
  const refusal = await endpointRefusal(body.endpoint, settings.endpointAllowlist);
  if (refusal) throw badRequest(refusal);
  const row = await ctx.write((tx) =>
    upsertDevice(
      tx,
      {
        userId: ctx.viewerId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        label: deviceLabel(userAgent),
      },
      settings.devicesPerUser,
    ),
  );
  if (!row) {
    throw conflict(
      `You have ${settings.devicesPerUser} devices with push notifications: remove one first`,
    );
  }
  return {
    created: row.inserted,
    device: toDevice({ id: row.id, deviceLabel: row.device_label, createdAt: row.created_at }),
  };
}

/** GET /api/push/subscriptions: the person's devices, newest first. */
export async function listDevices(
  ctx: SignedInContext,
  settings: PushSettings,
): Promise<PushDevice[]> {
  const rows = await selectDevices(ctx.db, ctx.viewerId, settings.devicesPerUser);
  return rows.map(toDevice);
}

/** DELETE /api/push/subscriptions/{id}: only one's own (another's answers as unknown). */
export async function removeDevice(ctx: SignedInContext, id: string): Promise<void> {
  const removed = await ctx.write((tx) => deleteDevice(tx, ctx.viewerId, id));
  if (!removed) throw notFound(DEVICE_NOT_FOUND);
}
