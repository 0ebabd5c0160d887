/**
 * Sending one notice's push (the `push-notice` job), or a follow request's
 * (`push-follow-request`): to each of its person's devices, the
 * notice's words as its list shows them now (a grouped notice's "Ana and 3 others liked
 * …"), encrypted for the device (aes128gcm) and signed with our VAPID key.
 *
 * Nothing is pushed unless "Push notifications" and the kind's own switch are on, and never
 * from someone the person muted or that either blocked. During the person's quiet hours a
 * non-urgent notice is simply not pushed: it stays in the app's list, and nothing sends it
 * later. Reminders and on-sale alerts are urgent and go at any hour.
 *
 * A push service's answer decides what happens to the device: 2xx delivered; 404 or 410,
 * the subscription is gone, so is the device; 429 or 5xx, the job throws once every device
 * was tried and pg-boss retries it with backoff; any other 4xx is logged and dropped. A
 * retry pushes to every device again: the payload's `tag` (the notice's id) lets the
 * service worker show it in place of the one already shown, so nobody sees it twice.
 */
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Database } from '#server/db/index.ts';
import { isQuietHour, type QuietHours } from '../email/index.ts';
import { publicOnlyLookup } from '#server/lib/public-address.ts';
import { followRequestWords } from '#shared/notice-text';
import type { PushPayload } from '#shared/schemas/push';
import { noticeWords } from '../notifications/index.ts';
import {
  deleteDeviceById,
  markDelivered,
  selectDevicesToSend,
  selectFollowRequestToPush,
  selectNoticeToPush,
} from './queries.ts';
import { endpointRefusal } from './service.ts';
import type { PushSettings } from './settings.ts';
import { vapidKeys } from './vapid.ts';

/** Kinds pushed whatever the hour: a show about to start, tickets selling now. */
const URGENT_KINDS: ReadonlySet<string> = new Set(['concert_reminder', 'on_sale']);
/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushSources {
  db: Database;
  push: PushSettings;
  quietHours: QuietHours;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A push service asked us to come back (429, 5xx): the job is retried. */
export class PushRetryError extends Error {}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour on the person's clock (their zone from Settings, else UTC). */
export function localHour(timeZone: string | null, now = new Date()): number {
  const zone = timeZone ?? 'UTC';
  let format = hourFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      return now.getUTCHours();
    }
    hourFormats.set(zone, format);
  }
  return Number(format.format(now));
}

/** Pushes one notice to its person's devices; the number of devices that took it. */
export async function pushNotice(sources: PushSources, notificationId: string): Promise<number> {
  const notice = await selectNoticeToPush(sources.db, notificationId);
  if (!notice) return 0;
  const urgent = URGENT_KINDS.has(notice.type);
  // Quiet hours: not pushed at all; the notice waits in the app.
  if (!urgent && isQuietHour(localHour(notice.timeZone), sources.quietHours)) return 0;
  const words = noticeWords(notice, notice.actor);
  return pushToDevices(sources, notice.userId, {
    payload: {
      title: words.title,
      body: words.message,
      // Where the notice leads in the list (notifications/service.ts): a review's own page.
      url: notice.relatedReviewId
        ? `/reviews/${notice.relatedReviewId}`
        : (notice.link ?? '/notifications'),
      tag: notice.id,
    },
    urgent,
    // One topic per notice row: a grouped notice's later push replaces the earlier one.
    topic: notice.id.replaceAll('-', ''),
  });
}

/**
 * Pushes a follow request to the devices of the person asked, where it can be answered (the
 * `push-follow-request` job); never during their quiet hours. The number of devices that took it.
 */
export async function pushFollowRequest(
  sources: PushSources,
  request: { requesterId: string; targetId: string },
): Promise<number> {
  const found = await selectFollowRequestToPush(sources.db, request);
  if (!found || isQuietHour(localHour(found.timeZone), sources.quietHours)) return 0;
  const words = followRequestWords(found.requester);
  const tag = `follow-request-${request.requesterId}`;
  return pushToDevices(sources, request.targetId, {
    payload: { title: words.title, body: words.message, url: '/notifications', tag },
    urgent: false,
    // A topic is at most 32 characters of the URL-safe alphabet: the requester's id, bare.
    topic: request.requesterId.replaceAll('-', ''),
  });
}

/** Sends one payload to each of the person's devices, as the module's comment says. */
async function pushToDevices(
  sources: PushSources,
  userId: string,
  message: { payload: PushPayload; urgent: boolean; topic: string },
): Promise<number> {
  const { db, push, log } = sources;
  const devices = await selectDevicesToSend(db, userId, push.devicesPerUser);
  if (devices.length === 0) return 0;
  const keys = await vapidKeys(db, push);
  let delivered = 0;
  let retry = false;
  for (const device of devices) {
    const refusal = await endpointRefusal(device.endpoint, push.endpointAllowlist);
    if (refusal) {
      log.warn({ deviceId: device.id, refusal }, 'push endpoint refused at send time');
      continue;
    }
    const details = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(message.payload),
      {
        vapidDetails: { subject: push.vapidSubject, ...keys },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_SECONDS,
        urgency: message.urgent ? 'high' : 'normal',
        topic: message.topic,
      },
    );
    let status: number;
    try {
      status = await post(details, push);
    } catch (error) {
      // No answer (refused, timed out, unreachable): tried again with the job.
      log.warn({ deviceId: device.id, err: error }, 'push service did not answer');
      retry = true;
      continue;
    }
    if (status >= 200 && status < 300) {
      delivered += 1;
      await markDelivered(db, device.id);
    } else if (status === 404 || status === 410) {
      await deleteDeviceById(db, device.id);
    } else if (status === 429 || status >= 500) {
      retry = true;
    } else {
      log.warn({ deviceId: device.id, status }, 'push service refused a push; dropped');
    }
  }
  if (retry) throw new PushRetryError('a push service asked to retry later');
  return delivered;
}

/**
 * POSTs one push and answers the status. An endpoint not on the allowlist is called only
 * on the public addresses its name resolves to when connecting (publicOnlyLookup).
 */
function post(
  details: {
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  },
  push: PushSettings,
): Promise<number> {
  const url = new URL(details.endpoint);
  const allowlisted = push.endpointAllowlist.includes(url.origin);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers,
        timeout: push.sendTimeoutMs,
        ...(allowlisted ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
