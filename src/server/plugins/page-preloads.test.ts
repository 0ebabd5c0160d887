/**
 * The HTML of the first signed-in page names what that page needs next (its code, who is
 * signed in, a concert's data and poster), so a phone asks for it all at once. Signed-out
 * visitors, unknown concerts and hostile paths get the page as built.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createUser } from '../db/seed/factories.ts';
import { sessionCookieFor } from '../testing/api-client.ts';
import { NO_SUCH_ID, useTestApp } from '../testing/use-test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Encore</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

// As the build writes it: pages import the signed-in layout and the shared chunk.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true },
  '_shared-1.js': { file: 'assets/shared-1.js', imports: ['index.html'] },
  '_app-layout-1.js': { file: 'assets/app-layout-1.js', imports: ['_shared-1.js', 'index.html'] },
  'src/client/pages/discover.tsx': {
    file: 'assets/discover-1.js',
    isDynamicEntry: true,
    imports: ['_app-layout-1.js', '_shared-1.js', 'index.html'],
  },
  'src/client/pages/concert.tsx': {
    file: 'assets/concert-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-1.js', '_app-layout-1.js'],
  },
  'src/client/pages/landing.tsx': {
    file: 'assets/landing-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-1.js'],
  },
};

let clientDir: string;
let cookie: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'encore-client-'));
  await mkdir(path.join(clientDir, '.vite'), { recursive: true });
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const server = useTestApp(() => ({ deps: { clientDir } }));

beforeAll(async () => {
  const user = await createUser(server.db());
  cookie = await sessionCookieFor(server, user.id);
});

async function page(url: string, signedIn = true, timeZone?: string) {
  const cookies = [
    ...(signedIn ? [cookie] : []),
    ...(timeZone ? [`encore.tz=${encodeURIComponent(timeZone)}`] : []),
  ];
  const response = await fetch(`${server.url}${url}`, {
    headers: { accept: 'text/html', ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}) },
  });
  const html = await response.text();
  return { response, html, links: html.match(/<link [^>]*>/g) ?? [] };
}

describe('the first signed-in page names what it needs', () => {
  it("a concert page: its poster first, the concert's data, who is signed in, the page's code", async () => {
    const concert = await createConcert(server.db(), {
      imageUrl: 'https://images.example.com/poster.jpg?w=640&h=400',
    });
    const { response, html, links } = await page(`/concerts/${concert.id}`);

    expect(response.status).toBe(200);
    expect(links).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="https://images.example.com/poster.jpg?w=640&amp;h=400">',
    );
    expect(links).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/concerts/${concert.id}">`,
    );
    expect(links).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">',
    );
    expect(links.filter((link) => link.includes('modulepreload'))).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/concert-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/app-layout-1.js">',
    ]);
    // Inside the head, the page otherwise as built.
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toContain('cookie');
  });

  it('a concert with no poster: no image preload, the rest as usual', async () => {
    const concert = await createConcert(server.db(), { imageUrl: null });
    const { links } = await page(`/concerts/${concert.id}`);
    expect(links.some((link) => link.includes('as="image"'))).toBe(false);
    expect(links).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/concerts/${concert.id}">`,
    );
  });

  it('a poster URL that is not http(s) or our own path is never named', async () => {
    const concert = await createConcert(server.db(), { imageUrl: 'javascript:alert(1)' });
    const { links } = await page(`/concerts/${concert.id}`);
    expect(links.some((link) => link.includes('as="image"'))).toBe(false);
  });

  it('an unknown concert: the page, with no poster (the page shows its own not-found)', async () => {
    const { response, links } = await page(`/concerts/${NO_SUCH_ID}`);
    expect(response.status).toBe(200);
    expect(links.some((link) => link.includes('as="image"'))).toBe(false);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/concert-1.js">');
  });

  it('a hostile or provider id is never written into the page', async () => {
    for (const id of [
      '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '"><script>alert(1)</script>',
      "x' OR '1'='1",
      'tm_vvG1IZ94kQpXa7',
    ]) {
      const { response, html, links } = await page(`/concerts/${id}`);
      expect(response.status, id).toBe(200);
      expect(html, id).not.toContain('alert(1)</script>');
      expect(html, id).not.toContain('/api/concerts/');
      expect(
        links.some((link) => link.includes('as="image"')),
        id,
      ).toBe(false);
    }
  });

  it("Discover: who is signed in and the page's code (its list depends on the visitor's day)", async () => {
    const { links } = await page('/discover?genre=Rock');
    expect(links).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">',
      '<link rel="modulepreload" crossorigin href="/assets/discover-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/app-layout-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
    ]);
  });

  it("Discover with the visitor's time zone: the list it asks for first, from the visitor's today", async () => {
    // UTC+14 and UTC-12 all year: for most of the day they are on different dates.
    const dayAt = (hours: number) =>
      new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 10);
    for (const [zone, hours] of [
      ['Pacific/Kiritimati', 14],
      ['Etc/GMT+12', -12],
    ] as const) {
      const { links } = await page('/discover', true, zone);
      expect(links, zone).toContain(
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/concerts?includeTicketmaster=true&amp;startDate=${dayAt(hours)}&amp;limit=24&amp;offset=0">`,
      );
    }
  });

  it('Discover with filters in the address, or a time zone nobody knows: no list named', async () => {
    for (const [url, zone] of [
      ['/discover?view=list', 'Europe/Berlin'],
      ['/discover?genre=rock', 'Europe/Berlin'],
      ['/discover', 'Nowhere/Else'],
      ['/discover', '"><script>alert(1)</script>'],
    ] as const) {
      const { response, html, links } = await page(url, true, zone);
      expect(response.status, `${url} ${zone}`).toBe(200);
      expect(html, zone).not.toContain('alert(1)</script>');
      expect(
        links.some((link) => link.includes('/api/concerts')),
        `${url} ${zone}`,
      ).toBe(false);
    }
  });

  it('other pages: who is signed in only', async () => {
    const { links } = await page('/settings');
    expect(links).toEqual([
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">',
    ]);
  });

  it('signed out: the page exactly as built, for any page', async () => {
    const concert = await createConcert(server.db(), { imageUrl: '/demo/poster-rock-1.svg' });
    for (const url of ['/', '/discover', '/auth']) {
      const { response, html } = await page(url, false);
      expect(response.status, url).toBe(200);
      expect(html, url).toBe(INDEX_HTML);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
      expect(response.headers.get('vary'), url).toContain('cookie');
    }
    // A concert's HTML carries its link preview (modules/link-previews), and no preloads.
    const { html } = await page(`/concerts/${concert.id}`, false);
    expect(html).toContain('<meta property="og:title"');
    expect(html).not.toContain('rel="preload"');
    expect(html).not.toContain('rel="modulepreload"');
  });
});
