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
}

export function readClientBuild(dir: string): ClientBuild | undefined {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const inlineScriptHashes = [
    ...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  return { dir, indexHtml, inlineScriptHashes };
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
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
});

export function isPageRequest(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (url.startsWith('/api/') || url === '/api') return false;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}
