/**
 * Serves the built client: hashed assets cached for good, precompressed when the build
 * left .br/.gz files beside them, and index.html for every other page path so the
 * client's router decides (including its own 404 page).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ClientBuild {
  dir: string;
  indexHtml: string;
  /** CSP sources for the inline scripts index.html carries (the theme is applied before paint). */
  inlineScriptHashes: string[];
  /**
   * The files a lazy page needs beyond the first bundle, by its source path
   * (src/client/pages/concert.tsx → its chunk, the signed-in layout's, the shared one),
   * from the build's manifest; empty when the build left none.
   */
  pageChunks: ReadonlyMap<string, readonly string[]>;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export function readClientBuild(dir: string): ClientBuild | undefined {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const inlineScriptHashes = [
    ...indexHtml.matchAll(/<script(?![^>]+\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  return { dir, indexHtml, inlineScriptHashes, pageChunks: readPageChunks(dir) };
}

function readPageChunks(dir: string): Map<string, string[]> {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const pages = new Map<string, string[]>();
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !key.startsWith('src/client/pages/')) continue;
    const files = new Set<string>();
    const visit = (name: string) => {
      const found = manifest[name];
      if (!found || found.isEntry || files.has(`/${found.file}`)) return;
      files.add(`/${found.file}`);
      found.imports?.forEach(visit);
    };
    visit(key);
    pages.set(key, [...files]);
  }
  return pages;
}

export const clientPlugin = fp(async (app: FastifyInstance, options: { build: ClientBuild }) => {
  await app.register(fastifyStatic, {
    root: options.build.dir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is asked for again at every check for a new version.
      const askEachTime = path.basename(filePath) === 'sw.js';
      res.header(
        'cache-control',
        immutable
          ? 'public, max-age=31536000, immutable'
          : askEachTime
            ? 'no-cache'
            : 'public, max-age=3600',
      );
    },
  });
});

/**
 * Whether index.html answers: a GET for a page path the client's router decides on. A path
 * whose last segment looks like a file (/sitemap.xml, /assets/missing.js) is not a page:
 * answering it with the page's HTML and a 200 would pass a missing file off as found. A
 * file's extension is short; a mailed link's signed token (`/unsubscribe/{body}.{mac}`)
 * has a dot before 43 characters of signature, and is a page.
 */
export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathOnly = url.split('?')[0]!;
  if (pathOnly.startsWith('/api/') || pathOnly === '/api') return false;
  const lastSegment = pathOnly.slice(pathOnly.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]{1,8}$/i.test(lastSegment) && !lastSegment.endsWith('.html')) return false;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}
