/**
 * The built client as the server serves it: files as files, pages as index.html, and a
 * path that looks like a missing file as a 404 rather than the page.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBuiltTestApp } from '../testing/use-test-app.ts';

let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'encore-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Encore</title>');
  await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  await writeFile(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await copyFile('public/manifest.webmanifest', path.join(clientDir, 'manifest.webmanifest'));
  await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const server = useBuiltTestApp(() => ({ deps: { clientDir } }));

// Raw inject: pages and files as a browser asks for them, not the JSON API.
const get = (url: string) => server.app.inject({ url, headers: { accept: 'text/html,*/*' } });

describe('the built client', () => {
  it('serves /robots.txt as text', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /api/');
  });

  it('serves the web app manifest every page links to, with its icons', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json<{
      icons: { src: string; sizes: string; purpose: string }[];
      shortcuts: { name: string; url: string }[];
    }>();
    expect(manifest).toMatchObject({
      name: 'Encore',
      short_name: 'Encore',
      start_url: '/discover',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Discover', '/discover'],
      ['My Diary', '/diary'],
      ['Notifications', '/notifications'],
    ]);
    for (const icon of manifest.icons) {
      const { width, height, format } = await sharp(path.join('public', icon.src)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format, icon.src).toBe('png');
    }
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const page = await readFile('index.html', 'utf8');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('answers page paths with index.html', async () => {
    for (const url of [
      '/',
      '/discover',
      '/concerts/abc',
      '/users/ana_b',
      '/concerts/tm_vvG1IZ94kQpXa7?x=1.5',
      // Mailed links' signed tokens: a dot before a signature of letters and digits only.
      '/unsubscribe/eyJ1IjoiNDE2YmEwMjgifQ.dae34zOEHLFJglDhrYiXTOrEZRN63QUkS1K2DIxTyoA',
      '/verify-email/eyJ1IjoiNDE2YmEwMjgifQ.dae34zOEHLFJglDhrYiXTOrEZRN63QUkS1K2DIxTyoA',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Encore</title>');
    }
  });

  it('answers paths that look like missing files with a 404 in the error format', async () => {
    for (const url of ['/sitemap.xml', '/assets/missing.js', '/favicon-missing.png']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: expect.stringContaining('Not found') });
    }
  });

  it('serves the service worker at /sw.js, asked for again at each check for a new version', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for good', async () => {
    const response = await get('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});
