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

/**
 * A day at most in any cache, then revalidated by ETag: a photo its owner deleted must not
 * live on in shared caches for long, though its name is never reused.
 */
const MEDIA_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * Uploaded files, served from the local disk, with ranges and ETags. The bytes are ours (images re-encoded, videos checked), and
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
        res.header('cache-control', `public, max-age=${MEDIA_MAX_AGE_SECONDS}`);
        res.header('x-content-type-options', 'nosniff');
        res.header('content-security-policy', "default-src 'none'; sandbox");
        res.header('cross-origin-resource-policy', 'same-origin');
      },
    });
  },
  { name: 'storage' },
);
