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
 * What a served URL answers while its file is not there yet (its upload is still being
 * processed): not cached anywhere, so the file itself is fetched once it exists.
 */
export interface StandIn {
  contentType: string;
  body: Buffer | Readable;
}

/** The stand-in for a served key whose file is missing; undefined when there is none (404). */
export type StandInFor = (key: string, files: FileStore) => Promise<StandIn | undefined>;

type LocalFileStore = Awaited<ReturnType<typeof createLocalFileStore>>;

const STAND_IN_HEADERS = { ...MEDIA_HEADERS, 'cache-control': 'no-store' };

/**
 * Uploaded files, kept on the local disk or in an S3-compatible bucket, and served at
 * /uploads/ with ranges and ETags either way. A served key whose file is not there yet
 * answers `whileMissing`'s stand-in, if any, so a URL handed out before its file is made
 * does not answer 404. Reads link files at /uploads/, or at MEDIA_PUBLIC_URL when it is set.
 */
export const storagePlugin = fp(
  async (
    app: FastifyInstance,
    options: { dataDir: string; settings: StorageSettings; whileMissing?: StandInFor },
  ) => {
    const { s3, publicUrl } = options.settings;
    linkMediaAt(publicUrl);
    const store: S3FileStore | LocalFileStore = s3
      ? await createS3FileStore(s3, options.dataDir, { receives: true, publicUrl })
      : await createLocalFileStore(options.dataDir, { receives: true, publicUrl });
    app.decorate<FileStore>('fileStore', store);
    // Under a prefix of their own, so that a file not found is this context's to answer.
    await app.register(
      async (media) => {
        media.setNotFoundHandler((request, reply) =>
          answerMissing(store, options.whileMissing, request, reply),
        );
        if ('get' in store) {
          media.get('/*', (request, reply) => serveObject(store, request, reply));
          return;
        }
        await media.register(fastifyStatic, {
          root: store.root,
          prefix: '/',
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
      { prefix: UPLOADS_URL_PREFIX.slice(0, -1) },
    );
  },
  { name: 'storage' },
);

/** A file under /uploads/ that is not there: its stand-in, or the app's plain 404. */
async function answerMissing(
  store: FileStore,
  whileMissing: StandInFor | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const pathOnly = request.url.split('?')[0]!;
  const key = pathOnly.slice(UPLOADS_URL_PREFIX.length);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  const standIn =
    reading && isServedKey(key) && whileMissing ? await whileMissing(key, store) : undefined;
  if (standIn) {
    return reply.code(200).headers(STAND_IN_HEADERS).type(standIn.contentType).send(standIn.body);
  }
  const shown = pathOnly.length > 200 ? `${pathOnly.slice(0, 200)}…` : pathOnly;
  return reply.code(404).send({ message: `Not found: ${request.method} ${shown}` });
}

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
