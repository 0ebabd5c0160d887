import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Readable } from 'node:stream';
import type { StorageSettings } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore, isServedKey, UPLOADS_URL_PREFIX } from './local-file-store.ts';
import { linkMediaAt } from './media-urls.ts';
import { createS3FileStore, type S3FileStore } from './s3-file-store.ts';

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
 * The bytes are ours (images re-encoded, videos checked), and still they are served as
 * inert documents: their own type, no sniffing, no scripts.
 */
const MEDIA_HEADERS = {
  'cache-control': `public, max-age=${MEDIA_MAX_AGE_SECONDS}`,
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Uploaded files, kept on the local disk or in an S3-compatible bucket, and served at
 * /uploads/ with ranges and ETags either way. Reads link them there, or at
 * MEDIA_PUBLIC_URL when it is set.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, options: { dataDir: string; settings: StorageSettings }) => {
    const { s3, publicUrl } = options.settings;
    linkMediaAt(publicUrl);
    if (s3) {
      const store = await createS3FileStore(s3, options.dataDir, { receives: true, publicUrl });
      app.decorate('fileStore', store);
      app.get(`${UPLOADS_URL_PREFIX}*`, (request, reply) => serveObject(store, request, reply));
      return;
    }
    const store = await createLocalFileStore(options.dataDir, { receives: true, publicUrl });
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
        for (const [name, value] of Object.entries(MEDIA_HEADERS)) res.header(name, value);
      },
    });
  },
  { name: 'storage' },
);

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** A served file from the bucket, its range and conditional headers passed through. */
async function serveObject(store: S3FileStore, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { '*': string })['*'];
  if (!isServedKey(key)) return reply.callNotFound();
  const { range, 'if-none-match': ifNoneMatch } = request.headers;
  let object;
  try {
    object = await store.get(key, { range, ifNoneMatch });
  } catch (error) {
    const status = statusOf(error);
    if (status === 304) return reply.code(304).headers(MEDIA_HEADERS).send();
    if (status === 416)
      return reply.code(416).send({ message: 'The requested range is not in the file' });
    throw error;
  }
  if (!object?.Body) return reply.callNotFound();
  reply
    .code(object.ContentRange ? 206 : 200)
    .headers(MEDIA_HEADERS)
    .header('accept-ranges', 'bytes')
    .header('content-type', object.ContentType ?? 'application/octet-stream');
  if (object.ContentLength !== undefined) reply.header('content-length', object.ContentLength);
  if (object.ContentRange) reply.header('content-range', object.ContentRange);
  if (object.ETag) reply.header('etag', object.ETag);
  if (object.LastModified) reply.header('last-modified', object.LastModified.toUTCString());
  return reply.send(object.Body as Readable);
}
