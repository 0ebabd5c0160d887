/**
 * The first signed-in page, named in the HTML that starts it. Without this a phone asks
 * one step after another: index.html, the first bundle, then (once it runs) the layout's
 * and the page's code with who is signed in and the page's data, then, once the page has
 * rendered, its poster. Links in the head let the browser ask for all of them at once.
 *
 * Only for visitors who carry a session cookie: these pages are signed-in ones, and
 * someone signed out is sent elsewhere, so naming their code would only waste bytes.
 * Nothing about the person goes into the HTML (the same links for anyone with a cookie on
 * the same URL), so it stays fit for any cache that honours `private`.
 */
import { parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { idParam } from '#shared/schemas/common';
import type { Database } from '../db/index.ts';
import { selectConcertImageUrl } from '../modules/concerts/index.ts';
import type { ClientBuild } from './client.ts';

/** The pages people most often open the app on, with the source of their lazy chunk. */
const FIRST_PAGES: readonly { path: RegExp; module: string }[] = [
  { path: /^\/discover$/, module: 'src/client/pages/discover.tsx' },
  { path: /^\/concerts\/([^/]+)$/, module: 'src/client/pages/concert.tsx' },
];

const concertId = idParam('id');

/** Whether the request carries the session cookie (read, not checked: this only saves time). */
export function carriesSessionCookie(request: FastifyRequest, cookieName: string): boolean {
  return Boolean(cookieValue(request, cookieName));
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header?.includes(name) ? parseCookie(header)[name] : undefined;
}

/** Today's date (yyyy-MM-dd) in an IANA time zone; undefined for a zone Intl does not know. */
function todayIn(timeZone: string | undefined): string | undefined {
  if (!timeZone || !/^[\w+\-/]{1,64}$/.test(timeZone)) return undefined;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date());
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's time zone, which the client writes (src/client/lib/time-zone-cookie.ts).
 * Keep the name in step.
 */
export const TIME_ZONE_COOKIE = 'encore.tz';

export interface PageRequest {
  /** The path, without the query. */
  pathname: string;
  /** The query, without its `?`. */
  search: string;
  /** The visitor's time zone, from its cookie. */
  timeZone: string | undefined;
}

/** The page a request asks for, and what of the visitor's cookies the links depend on. */
export function pageRequest(request: FastifyRequest): PageRequest {
  const [pathname = '/', search = ''] = request.url.split('?');
  return { pathname, search, timeZone: cookieValue(request, TIME_ZONE_COOKIE) };
}

/** The `<link>` tags for a page; empty for pages that need none. */
export async function pagePreloads(
  { pathname, search, timeZone }: PageRequest,
  build: ClientBuild,
  db: Database,
): Promise<string> {
  const links = ['<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">'];
  const day = pathname === '/discover' && search === '' ? todayIn(timeZone) : undefined;
  if (day) {
    // With no filters in the address, Discover asks first for this URL
    // (features/concerts/lib/discover-filters.ts, whose test pins the same URL), unless
    // the person's profile names one of our cities: then it opens "Near you", with `city`.
    const list = `/api/concerts?includeTicketmaster=true&startDate=${day}&limit=24&offset=0`;
    links.push(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(list)}">`,
    );
  }
  const page = FIRST_PAGES.find(({ path }) => path.test(pathname));
  for (const file of page ? (build.pageChunks.get(page.module) ?? []) : []) {
    links.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`);
  }
  const id = page && pathname.match(page.path)?.[1];
  if (id && concertId.safeParse(id).success) {
    // The page asks for exactly this URL first (features/concerts/api/get-concert.ts).
    links.push(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/concerts/${id}">`,
    );
    const poster = await selectConcertImageUrl(db, id);
    if (poster && isLoadableUrl(poster)) {
      links.push(
        `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(poster)}">`,
      );
    }
  }
  return links.join('\n    ');
}

/** index.html with the links at the end of its head. */
export function withPreloads(indexHtml: string, links: string): string {
  return links ? indexHtml.replace('</head>', `  ${links}\n  </head>`) : indexHtml;
}

/** Our own paths and http(s) URLs; anything else (javascript:, data:) is never preloaded. */
function isLoadableUrl(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url);
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
