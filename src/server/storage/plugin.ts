import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore, UPLOADS_URL_PREFIX } from './local-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Uploaded files, served from the local disk. A file's name is random and never reused,
 * so it may be cached for good. The bytes are ours (images re-encoded, videos checked), and
 * still they are served as inert documents: their own type, no sniffing, no scripts.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { dataDir: string }) => {
    const store = await createLocalFileStore(options.dataDir);
    app.decorate('fileStore', store);
    await app.register(fastifyStatic, {
      root: store.root,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      acceptRanges: true,
      cacheControl: false,
      setHeaders(res) {
        res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'; sandbox");
        res.header('cross-origin-resource-policy', 'same-origin');
      },
    });
  },
  { name: 'storage' },
);
