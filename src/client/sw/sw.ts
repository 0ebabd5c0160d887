/**
 * Encore's service worker, at /sw.js (scope /). It keeps the app readable at the door:
 * - the app's code and icons, precached by the build (the list below is written in by
 *   vite-plugin-pwa), so a new version comes whole, and only once the page says so;
 * - pages and API reads from the network first, kept as they arrive, and answered from what
 *   was kept when the network fails, marked with when they were saved (SAVED_AT_HEADER);
 * - the notifications pushed to this device, and where a click on one goes.
 * Nothing is written offline: a write that cannot reach the server fails, and the page says so.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  OFFLINE_CACHES,
  SAVED_AT_HEADER,
  SKIP_WAITING,
  UNCACHED_API_PATHS,
} from '../../shared/offline';
import type { PushPayload } from '../../shared/schemas/push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const DAY_SECONDS = 24 * 60 * 60;

/** Stamps what is kept with the moment it was saved, which the page shows offline. */
const stampSavedAt: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: any Encore page boots the app, whose router reads the address. The server writes
// each page's head, so pages come from the network first; offline, the copy kept of that
// page, else the build's own index.html (setCatchHandler below). Registered before the
// precache's routes, which would answer "/" with that index.html.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: OFFLINE_CACHES.pages,
      plugins: [stampSavedAt, new ExpirationPlugin({ maxEntries: 50 })],
      matchOptions: { ignoreVary: true },
    }),
    { denylist: [/^\/api\//, /^\/oidc\//, /^\/interaction\//, /^\/uploads\//, /^\/media\//] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once, so the page that installed it is kept
// offline too; a later one waits for the person's "Reload".
clientsClaim();

registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/') &&
    !UNCACHED_API_PATHS.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.answers,
    plugins: [
      stampSavedAt,
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY_SECONDS }),
    ],
    matchOptions: { ignoreVary: true },
  }),
);

// Photos and posters served by Encore itself: they do not change under their address.
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    request.destination === 'image' &&
    (url.pathname.startsWith('/uploads/') || url.pathname.startsWith('/demo/')),
  new StaleWhileRevalidate({
    cacheName: OFFLINE_CACHES.media,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS })],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.destination !== 'document') return Response.error();
  return (await matchPrecache('/index.html')) ?? Response.error();
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  // A push must show a notification; one that cannot be read still says where to look.
  const payload = readPayload(event.data) ?? {
    title: 'Encore',
    body: 'Something new is waiting for you.',
    url: '/notifications',
    tag: '',
  };
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const asked = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/notifications',
    self.location.origin,
  );
  // A payload names a page of Encore; anything else opens the notifications.
  const target = sameOrigin(asked) ? asked.href : `${self.location.origin}/notifications`;
  event.waitUntil(openPage(target));
});

async function openPage(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => sameOrigin(new URL(client.url)));
  if (!open) {
    await self.clients.openWindow(href);
    return;
  }
  const focused = await open.focus();
  await focused.navigate(href).catch(() => self.clients.openWindow(href));
}

/** The payload the server sends (PushPayload), or undefined for anything else. */
function readPayload(data: PushMessageData | null): PushPayload | undefined {
  let payload: Partial<Record<keyof PushPayload, unknown>>;
  try {
    payload = (data?.json() ?? {}) as typeof payload;
  } catch {
    return undefined;
  }
  const { title, body, url, tag } = payload;
  return typeof title === 'string' && typeof body === 'string' && typeof url === 'string'
    ? { title, body, url, tag: typeof tag === 'string' ? tag : '' }
    : undefined;
}
